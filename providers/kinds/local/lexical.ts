// The text analysis behind the local lexical embedder: words found, lowercased, stemmed and
// hashed in one pass over the string's code units, without a substring per word, because it
// runs for every chunk of every document on a worker's CPU.
import { LEXICAL_STOPWORDS } from '../../../text/stopwords.js';

/** FNV-1a, 32-bit: stable across runs and platforms, so stored vectors stay comparable. */
export const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

export function fnv1a(hash: number, code: number): number {
  return Math.imul(hash ^ code, FNV_PRIME) >>> 0;
}

export function fnv1aString(text: string, seed = FNV_OFFSET): number {
  let h = seed;
  for (let i = 0; i < text.length; i++) h = fnv1a(h, text.charCodeAt(i));
  return h;
}

/** Murmur3's finalizer: FNV's low bits (the bucket) and top bit (the sign) are weakly mixed on their own. */
export function mix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

// Hashes of the (unstemmed) stopwords. A content word colliding with one in 32 bits would be
// dropped too; with ~130 entries that is about one word in 30 million.
const STOPWORD_HASHES = new Set(LEXICAL_STOPWORDS.map((w) => fnv1aString(w)));

const enum Kind {
  Unknown = 0,
  Other = 1,
  Word = 2,
  /** Han and kana: scripts written without spaces, so each character is a word of its own. */
  Ideograph = 3,
}

const kinds = new Uint8Array(65536);
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
const IDEOGRAPH = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
for (let c = 0; c < 128; c++) {
  kinds[c] = (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90) ? Kind.Word : Kind.Other;
}

/** The kind of a BMP code unit, worked out once per code unit value and remembered. */
function kindOf(code: number): Kind {
  let k = kinds[code]!;
  if (k === Kind.Unknown) {
    const ch = String.fromCharCode(code);
    // Surrogates: astral letters (rare in text we index) count as word characters; emoji pairs
    // too, harmlessly (they only ever match the same emoji).
    k = code >= 0xd800 && code <= 0xdfff ? Kind.Word : IDEOGRAPH.test(ch) ? Kind.Ideograph : WORD_CHAR.test(ch) ? Kind.Word : Kind.Other;
    kinds[code] = k;
  }
  return k;
}

const A = 97;
const Z = 122;
const E = 101;
const S = 115;

const isVowel = (c: number) => c === A || c === E || c === 105 || c === 111 || c === 117 || c === 121;

/**
 * Calls `emit(hash)` with the hash of each word of `lower` (already lowercased) that is not a
 * stopword, stemmed. Stemming is deliberately light and only for plain a–z words: plurals
 * (-s, -es, -ies→y), -ing and -ed (with a doubled final consonant undone) and a final -e, so
 * "refunds", "refunded", "refunding" and "refund" meet, as do "file", "files" and "filed".
 */
export function forEachTerm(lower: string, emit: (hash: number) => void): void {
  const n = lower.length;
  let i = 0;
  while (i < n) {
    const k = kindOf(lower.charCodeAt(i));
    if (k === Kind.Other) {
      i++;
      continue;
    }
    if (k === Kind.Ideograph) {
      emit(fnv1a(FNV_OFFSET, lower.charCodeAt(i)));
      i++;
      continue;
    }
    const start = i;
    let ascii = true;
    for (; i < n; i++) {
      const c = lower.charCodeAt(i);
      if (kindOf(c) !== Kind.Word) break;
      if (c < A || c > Z) ascii = false;
    }
    let raw = FNV_OFFSET;
    for (let j = start; j < i; j++) raw = fnv1a(raw, lower.charCodeAt(j));
    if (STOPWORD_HASHES.has(raw)) continue;
    emit(ascii ? stemHash(lower, start, i) : raw);
  }
}

/** The hash of the stem of lower[start, end), an a–z word. */
function stemHash(w: string, start: number, end: number): number {
  const at = (k: number) => w.charCodeAt(end - k); // k-th character from the end, 1-based
  let len = end - start;
  let appendY = false;
  if (len > 4 && at(3) === 105 && at(2) === E && at(1) === S) {
    len -= 3; // policies → polic + y
    appendY = true;
  } else if (len > 3 && at(1) === S && at(2) !== S && at(2) !== 117 && at(2) !== 105) {
    // Not -ss (class), -us (status), -is (analysis).
    len -= 1;
    // boxes, matches, wishes, buzzes: the e belongs to the plural.
    const c = w.charCodeAt(start + len - 2);
    const b = w.charCodeAt(start + len - 3);
    if (at(2) === E && len > 3 && (c === S || c === 120 || c === 122 || ((c === 104 && (b === 99 || b === S))))) len -= 1;
  } else if (len > 5 && at(3) === 105 && at(2) === 110 && at(1) === 103 && hasVowel(w, start, end - 3)) {
    len -= 3; // refunding
    len = undouble(w, start, len);
  } else if (len > 4 && at(2) === E && at(1) === 100 && at(3) !== E && hasVowel(w, start, end - 2)) {
    len -= 2; // refunded (but not need, speed: -eed is the word's)
    len = undouble(w, start, len);
  }
  // A final e goes too, so "make" meets "making" (mak) and "file" meets "filed" (fil).
  if (!appendY && len > 3 && w.charCodeAt(start + len - 1) === E) len -= 1;
  let h = FNV_OFFSET;
  for (let j = start; j < start + len; j++) h = fnv1a(h, w.charCodeAt(j));
  return appendY ? fnv1a(h, 121) : h;
}

function hasVowel(w: string, start: number, end: number): boolean {
  for (let j = start; j < end; j++) if (isVowel(w.charCodeAt(j))) return true;
  return false;
}

/** stopp → stop, but not for l, s, z (call, miss, buzz) where the double letter is the word's. */
function undouble(w: string, start: number, len: number): number {
  const last = w.charCodeAt(start + len - 1);
  if (len > 3 && last === w.charCodeAt(start + len - 2) && !isVowel(last) && last !== 108 && last !== S && last !== 122) return len - 1;
  return len;
}
