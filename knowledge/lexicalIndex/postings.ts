// One project's chunks as BM25 needs them, packed in typed arrays (no per-posting objects for the
// GC to walk): for each stem, the rows of the chunks holding it (ascending) and how often each
// holds it; for each row, its length and what the tie-break orders by.

export interface ProjectPostings {
  /** The project's lexical version these postings were read at (see lexical_index_versions). */
  version: string;
  /** Chunks, and their total length in tokens (what chunk_totals keeps). */
  chunks: number;
  tokens: number;
  /** Per row: the chunk's id and document id, the document's place in name order, the chunk's position and length. */
  ids: string[];
  documentIds: string[];
  /** Per document with any chunk: how many it has. */
  documentChunks: Map<string, number>;
  documentOrder: Int32Array;
  chunkIndex: Int32Array;
  lengths: Float64Array;
  /** Stem → its slot; slot s's postings are rows[start[s] .. start[s+1]) with frequencies tfs[same]. */
  stems: Map<string, number>;
  start: Int32Array;
  rows: Int32Array;
  tfs: Uint16Array;
  /** Roughly what this takes in memory, for the cache's budget. */
  bytes: number;
}

/** One chunk as the loader reads it. */
export interface ChunkTerms {
  id: string;
  documentId: string;
  documentOrder: number;
  chunkIndex: number;
  tokenCount: number;
  /** The chunk's stems and their frequencies (positions in its tsvector). */
  terms: { stem: string; tf: number }[];
}

/**
 * Builds postings in two passes over the chunks (count, then fill), so each stem's postings are
 * one slice of a shared array and come out in row order, which intersections rely on.
 */
export class PostingsBuilder {
  private readonly chunks: Omit<ChunkTerms, 'terms'>[] = [];
  private readonly stems = new Map<string, number>();
  private readonly counts: number[] = [];
  /** Every (row, stem slot, tf) triple, flat, in typed arrays that double as they fill (a number[] would take 8 bytes a value). */
  private triples = new Int32Array(1 << 16);
  private used = 0;

  add(chunk: ChunkTerms): void {
    const row = this.chunks.length;
    this.chunks.push({ id: chunk.id, documentId: chunk.documentId, documentOrder: chunk.documentOrder, chunkIndex: chunk.chunkIndex, tokenCount: chunk.tokenCount });
    for (const { stem, tf } of chunk.terms) {
      let slot = this.stems.get(stem);
      if (slot === undefined) {
        slot = this.counts.length;
        this.stems.set(stem, slot);
        this.counts.push(0);
      }
      this.counts[slot]!++;
      if (this.used + 3 > this.triples.length) {
        const grown = new Int32Array(this.triples.length * 2);
        grown.set(this.triples);
        this.triples = grown;
      }
      this.triples[this.used++] = row;
      this.triples[this.used++] = slot;
      this.triples[this.used++] = tf;
    }
  }

  build(version: string): ProjectPostings {
    const n = this.chunks.length;
    const start = new Int32Array(this.counts.length + 1);
    for (let s = 0; s < this.counts.length; s++) start[s + 1] = start[s]! + this.counts[s]!;
    const total = start[this.counts.length]!;
    const rows = new Int32Array(total);
    const tfs = new Uint16Array(total);
    const fill = start.slice(0, this.counts.length);
    // Triples come in row order, so each stem's slice fills in row order too.
    for (let i = 0; i < this.used; i += 3) {
      const at = fill[this.triples[i + 1]!]!++;
      rows[at] = this.triples[i]!;
      tfs[at] = this.triples[i + 2]!;
    }
    const documentOrder = new Int32Array(n);
    const chunkIndex = new Int32Array(n);
    const lengths = new Float64Array(n);
    let tokens = 0;
    const documentIds = new Map<string, string>(); // one string per document, shared by its rows
    const documentChunks = new Map<string, number>();
    const ids: string[] = [];
    const docs: string[] = [];
    this.chunks.forEach((c, row) => {
      documentOrder[row] = c.documentOrder;
      chunkIndex[row] = c.chunkIndex;
      lengths[row] = c.tokenCount;
      tokens += c.tokenCount;
      ids.push(c.id);
      if (!documentIds.has(c.documentId)) documentIds.set(c.documentId, c.documentId);
      docs.push(documentIds.get(c.documentId)!);
      documentChunks.set(c.documentId, (documentChunks.get(c.documentId) ?? 0) + 1);
    });
    let stemBytes = 0;
    for (const stem of this.stems.keys()) stemBytes += 2 * stem.length + 60;
    // Per row: its three typed-array slots, the id strings and array slots (~100), and score.ts's two scratch slots.
    const bytes = total * 6 + n * (4 + 4 + 8 + 100 + 8) + documentChunks.size * 100 + stemBytes + start.byteLength;
    return { version, chunks: n, tokens, ids, documentIds: docs, documentChunks, documentOrder, chunkIndex, lengths, stems: this.stems, start, rows, tfs, bytes };
  }
}
