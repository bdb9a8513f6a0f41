// The offline model's extractive answer: the sentences of the passages that answer the
// question best, each with the subject it is about (the option, setting or command a reference
// page defines), and where each came from. It quotes; it never rewrites.
import type { ContextPassage } from '../../types.js';
import { terms } from '../../../text/terms.js';
import { contentTerms } from './coverage.js';
import { stem } from './toolVocabulary.js';

/** One sentence of a passage, with the term it defines when it sits under one. */
interface Unit {
  passage: number;
  order: number;
  text: string;
  /** A definition list's term ("--amend", "push.default") the sentence's paragraph explains. */
  subject: string | null;
}

/**
 * A paragraph that names what the next one explains: one short line without sentence
 * punctuation at its end, as reference pages set options, settings and commands.
 */
function isTermLine(paragraph: string): boolean {
  return !paragraph.includes('\n') && paragraph.length <= 100 && !/[.!?,;:]$/.test(paragraph) && paragraph.split(/\s+/).length <= 8;
}

/** Sentences of a paragraph; "e.g." and "i.e." do not end one, nor does a period inside a name ("push.default"). */
function sentences(paragraph: string): string[] {
  return paragraph
    .split(/(?<!\b(?:e\.g|i\.e|etc|vs|cf|approx|incl|no|Mr|Ms|Dr)\.)(?<=[.!?])\s+|\n+/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

function units(passages: ContextPassage[]): Unit[] {
  const out: Unit[] = [];
  // The same text in two passages (pages that include a shared section) is said once.
  const seen = new Set<string>();
  passages.forEach((p, pi) => {
    const paragraphs = p.text.split(/\n\s*\n/).map((x) => x.trim()).filter(Boolean);
    let subject: string | null = null;
    paragraphs.forEach((paragraph, i) => {
      if (isTermLine(paragraph) && i + 1 < paragraphs.length) {
        subject = paragraph;
        return;
      }
      // The term is the subject of the definition's first sentence; the rest stand on their own.
      sentences(paragraph).forEach((s, si) => {
        const own = si === 0 ? subject : null;
        const key = `${own ?? ''}\u0000${s}`;
        if (seen.has(key)) return;
        seen.add(key);
        out.push({ passage: pi, order: out.length, text: s, subject: own });
      });
      subject = null;
    });
  });
  return out;
}

/** The question's special tokens ("--amend", "push.default", "@{upstream}"): found verbatim, they name the answer. */
function keyTokens(question: string): string[] {
  return (question.match(/(?<![\p{L}\p{N}-])(?:--?|@)?[\p{L}\p{N}{](?:[\p{L}\p{N}._{}@-]*[\p{L}\p{N}}])?/gu) ?? [])
    .filter((t) => /[-.@{}]/.test(t) && (t.length >= 3 || t.startsWith('-')))
    .map((t) => t.toLowerCase());
}

/** Whether `text` names `key` as a whole token: "-x" is not in "--allow-empty", nor "push" in "push.default". */
function names(text: string, key: string): boolean {
  return new RegExp(`(?<![\\p{L}\\p{N}_-])${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}_-])`, 'u').test(text);
}

/** What naming the question's special token verbatim is worth: more than any two ordinary words. */
const KEY_BONUS = 4;

/** A passage's source as a reader knows it: the document, without the chunk's position ("returns.md#2"). */
function citation(passage: ContextPassage): string {
  return passage.source.replace(/#\d+$/, '');
}

const stems = (text: string) => new Set(terms(text).map(stem));

/**
 * Up to `limit` sentences of `passages` that answer `question`, as answer text: in source
 * order, each group followed by its source, e.g. `--amend: Replace the tip… (git-commit.html)`.
 * Empty when no sentence shares a word with the question.
 */
export function extractiveAnswer(question: string, passages: ContextPassage[], limit = 3): string {
  const all = units(passages);
  if (!all.length) return '';
  const wanted = [...new Set(contentTerms(question).flatMap((t) => terms(t)).map(stem))];
  const keys = keyTokens(question);
  const unitStems = all.map((u) => stems(`${u.subject ?? ''} ${u.text}`));
  // A word in few of the sentences at hand tells more than one in all of them.
  const weight = new Map(wanted.map((w) => [w, Math.log(1 + all.length / (1 + unitStems.filter((s) => s.has(w)).length))]));
  const scored = all.map((u, i) => {
    const words = wanted.filter((w) => unitStems[i]!.has(w));
    const haystack = `${u.subject ?? ''} ${u.text}`.toLowerCase();
    const named = keys.filter((k) => names(haystack, k)).length;
    const bySubject = u.subject ? keys.filter((k) => names(u.subject!.toLowerCase(), k)).length : 0;
    return { u, words: words.length, score: words.reduce((s, w) => s + weight.get(w)!, 0) + KEY_BONUS * (named + bySubject) };
  });
  const top = Math.max(...scored.map((x) => x.score));
  // Quotes far weaker than the best one dilute it: only those at least half as good are kept.
  const best = scored
    .filter((x) => x.words > 0 && x.score >= top / 2)
    .sort((a, b) => b.score - a.score || a.u.order - b.u.order)
    .slice(0, limit)
    .sort((a, b) => a.u.order - b.u.order)
    .map((x) => x.u);
  if (!best.length) return '';
  const groups: string[] = [];
  let said: string[] = [];
  let lastSubject: string | null = null;
  best.forEach((u, i) => {
    const withSubject = u.subject && u.subject !== lastSubject && !u.text.toLowerCase().includes(u.subject.toLowerCase()) ? `${u.subject}: ${u.text}` : u.text;
    lastSubject = u.subject;
    said.push(withSubject);
    const next = best[i + 1];
    if (!next || citation(passages[next.passage]!) !== citation(passages[u.passage]!)) {
      groups.push(`${said.join(' ')} (${citation(passages[u.passage]!)})`);
      said = [];
      lastSubject = null;
    }
  });
  return groups.join(' ');
}
