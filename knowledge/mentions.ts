// Documents ranked by what the other pages of the project say where they link to them
// (knowledge/parsers/htmlLinks.ts, markdownLinks.ts): "you need to re-attach the quarantined node by using
// pcp_attach_node" describes pcp_attach_node's page in words its own page does not use. BM25 over
// each document's distinct link sentences, per process and cached per project at its lexical
// version (bumped by every write of chunks, which the links are written with).
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { SqlClient } from './types.js';
import { ProjectCache, type Sized } from './projectCache.js';
import { terms } from '../text/terms.js';
import { stem } from '../text/stem.js';
import { bm25Query, bm25Term } from './lexical.js';

/** Distinct sentences kept per document: a page every other page links to is described enough by these. */
const SENTENCES_PER_DOCUMENT = 100;
/** A stem in more of the described documents than this share tells none apart ("see", the product's name). */
const COMMON_SHARE = 0.25;
const K1 = 1.2;
const B = 0.75;
const DEFAULT_CACHE_BYTES = 64 * 1024 ** 2;

interface Described extends Sized {
  documents: { id: string; length: number }[];
  /** Each stem's documents (by index in `documents`) with its count in their sentences; its df is the list's length. */
  postings: Map<string, { doc: number; tf: number }[]>;
  /** Stems in all documents' sentences together. */
  totalLength: number;
}

export interface Mention {
  documentId: string;
  score: number;
}

export class MentionIndex {
  private readonly cache: ProjectCache<Described>;

  constructor(private readonly options: { sql: SqlClient; maxCacheBytes?: number }) {
    this.cache = new ProjectCache(options.maxCacheBytes ?? DEFAULT_CACHE_BYTES);
  }

  /** The documents whose link sentences share the question's words, best first (ties by id, so identical projects rank alike). */
  async rank(projectId: string, question: string): Promise<Mention[]> {
    const { rows } = await this.options.sql.query<{ version: unknown }>(`SELECT version FROM lexical_index_versions WHERE project_id = $1`, [projectId]);
    if (!rows.length) return [];
    const version = String(rows[0]!.version);
    const d = await this.cache.at(projectId, version, () => this.load(projectId));
    const n = d.documents.length;
    // (A stem of one document's sentences alone is never common: a project with one described page still ranks it.)
    const stems = [...new Set(terms(question).map(stem))]
      .map((lexeme) => ({ lexeme, weight: 1, df: d.postings.get(lexeme)?.length ?? 0 }))
      .filter((s) => s.df <= Math.max(1, COMMON_SHARE * n));
    // Weighed as the chunks' BM25 weighs stems (knowledge/lexical.ts); only the documents the
    // question's stems are said of are scored, each stem's share added in the question's stem order.
    const q = bm25Query(stems, n, d.totalLength, { k1: K1, b: B, commonShare: 1 });
    if (!q) return [];
    const scores = new Map<number, number>();
    q.lexemes.forEach((t, i) => {
      for (const { doc, tf } of d.postings.get(t) ?? []) scores.set(doc, (scores.get(doc) ?? 0) + bm25Term(q, q.weights[i]!, tf, d.documents[doc]!.length));
    });
    const ranked = [...scores].filter(([, score]) => score > 0).map(([doc, score]) => ({ documentId: d.documents[doc]!.id, score: Math.round(score * 1e9) / 1e9 }));
    return ranked.sort((a, b) => b.score - a.score || (a.documentId < b.documentId ? -1 : 1));
  }

  private async load(projectId: string): Promise<Described> {
    // A link's target is a document's name or its source address; links of a page to itself are not its description.
    // One join per key, not one join ON name OR address: an OR cannot be hashed, and that nested loop
    // took 93 s at 10,000 pages (bench/mentions.ts).
    const { rows } = await this.options.sql.query<{ id: string; context: string }>(
      `SELECT d.id, l.context FROM document_links l JOIN documents d ON d.project_id = l.project_id AND d.name = l.target
        WHERE l.project_id = $1 AND d.id <> l.document_id
       UNION
       SELECT d.id, l.context FROM document_links l JOIN documents d ON d.project_id = l.project_id AND d.source_url = l.target
        WHERE l.project_id = $1 AND d.id <> l.document_id
       ORDER BY 1, 2`,
      [projectId],
    );
    const byDocument = new Map<string, string[]>();
    for (const r of rows) {
      const xs = byDocument.get(r.id) ?? [];
      if (xs.length < SENTENCES_PER_DOCUMENT) xs.push(r.context);
      byDocument.set(r.id, xs);
    }
    const documents: Described['documents'] = [];
    const postings: Described['postings'] = new Map();
    let bytes = 0;
    for (const [id, sentences] of byDocument) {
      if (documents.length % 500 === 499) await nextTurn(); // the worker's other asks get a turn
      const stems = sentences.flatMap((s) => terms(s).map(stem));
      const tf = new Map<string, number>();
      for (const t of stems) tf.set(t, (tf.get(t) ?? 0) + 1);
      for (const [t, f] of tf) {
        const list = postings.get(t);
        if (list) list.push({ doc: documents.length, tf: f });
        else postings.set(t, [{ doc: documents.length, tf: f }]);
      }
      documents.push({ id, length: stems.length });
      bytes += 64 + tf.size * 40;
    }
    const totalLength = documents.reduce((a, x) => a + x.length, 0);
    return { documents, postings, totalLength, bytes: bytes + postings.size * 64 };
  }
}
