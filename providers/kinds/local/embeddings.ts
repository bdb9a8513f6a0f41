// An embedder that needs no model, no network and no key: the default for new projects and for
// tests. Lexical, not semantic: texts are close when they share (stemmed) words and word pairs.
import type { Embedder } from '../../types.js';
import { forEachTerm, mix } from './lexical.js';

/** The one model the local kind embeds with, and its id on the built-in `local` connection. */
export const LEXICAL_MODEL = 'lexical-256';
export const LOCAL_EMBEDDING_MODEL = `local:${LEXICAL_MODEL}`;

const DIMENSIONS = 256;
// Dimension 0 is kept for texts without a single indexable word (see `embedOne`), so features
// hash into the other 255.
const FEATURE_DIMS = DIMENSIONS - 1;
const BIGRAM_SEED = 0x9e3779b1;

/**
 * Feature hashing of unigrams and bigrams of stemmed, non-stopword terms into 256 signed
 * dimensions, with sublinear term frequency (1 + ln tf), L2-normalised. Deterministic: the same
 * text always gives the same vector, on any machine, so stored vectors never need redoing.
 */
export class LocalLexicalEmbedder implements Embedder {
  readonly id = LOCAL_EMBEDDING_MODEL;
  readonly dimensions = DIMENSIONS;

  // Term counts of the text being embedded, in an open-addressing table reused across texts
  // (a Map per text would allocate per term). Key 0 marks an empty slot.
  private keys = new Uint32Array(1024);
  private counts = new Uint32Array(1024);
  private used = new Uint32Array(512);
  private size = 0;
  private previous = 0;
  private readonly onTerm = (term: number) => {
    this.add(mix(term) || 1);
    if (this.previous !== 0) this.add(mix(Math.imul(this.previous, BIGRAM_SEED) ^ term) || 1);
    this.previous = term || 1;
  };

  embed(texts: string[]): Promise<number[][]> {
    return Promise.resolve(texts.map((text) => this.embedOne(text)));
  }

  /**
   * One text's vector. A text without a single indexable word (empty, only stopwords or
   * punctuation) gets e₀, the reserved dimension: unit length as the interface requires, equal
   * for all such texts and orthogonal to (cosine 0 with) every text that has words.
   */
  embedOne(text: string): number[] {
    this.size = 0;
    this.previous = 0;
    forEachTerm(text.toLowerCase(), this.onTerm);
    const vector = new Array<number>(DIMENSIONS).fill(0);
    for (let u = 0; u < this.size; u++) {
      const slot = this.used[u]!;
      const key = this.keys[slot]!;
      const weight = 1 + Math.log(this.counts[slot]!);
      vector[1 + (key % FEATURE_DIMS)]! += key & 0x80000000 ? -weight : weight;
      this.keys[slot] = 0; // leaves the table empty for the next text
    }
    let norm = 0;
    for (const x of vector) norm += x * x;
    // Signed hashing can cancel features out exactly; that text too is one "without words".
    if (norm === 0) {
      vector[0] = 1;
      return vector;
    }
    const scale = 1 / Math.sqrt(norm);
    for (let d = 0; d < DIMENSIONS; d++) vector[d]! *= scale;
    return vector;
  }

  private add(key: number): void {
    if (this.size * 2 >= this.keys.length) this.grow();
    const mask = this.keys.length - 1;
    for (let slot = key & mask; ; slot = (slot + 1) & mask) {
      const k = this.keys[slot]!;
      if (k === key) {
        this.counts[slot]! += 1;
        return;
      }
      if (k === 0) {
        this.keys[slot] = key;
        this.counts[slot] = 1;
        this.used[this.size++] = slot;
        return;
      }
    }
  }

  /** Doubles the table (for a text with many distinct terms), re-inserting what it holds. */
  private grow(): void {
    const oldKeys = this.keys;
    const oldCounts = this.counts;
    const oldUsed = this.used.subarray(0, this.size);
    const capacity = oldKeys.length * 2;
    this.keys = new Uint32Array(capacity);
    this.counts = new Uint32Array(capacity);
    const used = new Uint32Array(capacity / 2);
    const mask = capacity - 1;
    let n = 0;
    for (const oldSlot of oldUsed) {
      const key = oldKeys[oldSlot]!;
      let slot = key & mask;
      while (this.keys[slot] !== 0) slot = (slot + 1) & mask;
      this.keys[slot] = key;
      this.counts[slot] = oldCounts[oldSlot]!;
      used[n++] = slot;
    }
    this.used = used;
  }
}
