import type { Pool } from '../store/pool.js';
import { chunksByIds, firstChunks, pagePassages, referencePages, synopses, underSynopsis, type StoredChunk } from '../store/chunks.js';
import { pageCommand } from './pageCommand.js';
import { choosePassages, passageQuery } from './passageChoice.js';
import type { RetrievedChunk } from './retrievedChunk.js';
import type { Embedder } from '../providers/types.js';
import { bm25Search } from './lexical.js';
import type { Bm25Hit } from '../store/bm25.js';
import type { VectorIndex } from './types.js';
import type { LexicalIndex } from './lexicalIndex/index.js';
import type { MentionIndex, Mention } from './mentions.js';
import { describedNames } from '../text/concepts.js';
import { dottedNameParts } from '../text/dottedNames.js';
import { synonymsOf } from '../text/synonyms.js';
import { asksForCommand } from '../text/answerTypes.js';
import { terms, words } from '../text/terms.js';
import { fingerprint, sameText } from './sameText.js';
import { capitalKeywords, keyTokens, keywordPairs } from '../text/keyTokens.js';
import { chunkSearchText } from './chunk.js';
import { headsDefinition, isTermLine, oneLineTerm, paragraphsOf } from '../text/definitionLines.js';

export type RetrievalMode = 'lexical' | 'vector' | 'hybrid';

export type { RetrievedChunk } from './retrievedChunk.js';

/** How the two lists are ranked and fused; tuned on the evaluation's tuning half (eval/). */
export interface FusionParams {
  /** Reciprocal-rank-fusion constant: damps the weight of the very first ranks. */
  rrfK: number;
  /** Weight of the lexical (BM25) list against the vector list's 1. */
  lexicalWeight: number;
  /** Chunks of the leading document among the first results before other documents get a turn. */
  perDocument: number;
  /**
   * Chunks of each further document. One: the pages after the first show their best passage
   * each, so five results reach four pages, not three (the answer's page keeps a second passage).
   */
  perOtherDocument: number;
  /** BM25 term-frequency saturation and length normalisation. */
  k1: number;
  b: number;
  /** Stems in more of the project's chunks than this share score but do not select candidates. */
  commonShare: number;
  /** Weight of the document list (documents ranked by their best chunks' BM25) against the vector list's 1. */
  documentWeight: number;
  /** How many of a document's best chunks add up to its score in the document list. */
  documentChunks: number;
  /**
   * How much the chunks after a document's best are discounted by the document's length in chunks
   * against the project's mean, as BM25's b does a chunk's words: each counts 1 / (1 − x + x·length); 0: not at all.
   */
  documentLengthNorm: number;
  /** Weight of the thesaurus's other words for the question's words (text/synonyms.ts) in BM25; 0: none. */
  synonymWeight: number;
  /** Weight of the names of the concepts the question describes (text/concepts.ts) and of the documentation's words for its everyday phrases (text/phrases.ts) in BM25; 0: none. */
  conceptWeight: number;
  /** Weight of the list of candidates that name the question's verbatim names (text/keyTokens.ts), most names first; 0: none. */
  keyWeight: number;
  /** Weight of the list of candidates that say the question's pairs of keywords in capitals ("RENAME COLUMN"), most pairs first; 0: none. */
  pairWeight: number;
  /** Weight of the list of candidates that define a name the question gives (a term line or the heading they sit under names it); 0: none. */
  definesWeight: number;
  /** Weight of the list of documents ranked by what other pages say where they link to them (knowledge/mentions.ts); 0: none. */
  mentionWeight: number;
  /** Weight of the list of reference pages (a command's manual page) among the candidates, for a question asking for a command (text/answerTypes.ts); 0: none. */
  commandWeight: number;
  /** Weight of the list of candidates whose page's title the question says word for word ("write-ahead logging"); 0: none. */
  titleWeight: number;
  /**
   * The share of a passage's ranking against its own page's other passages in which of the leading
   * pages' passages are shown (knowledge/passageChoice.ts), 0..1; 0: the fused score alone.
   */
  passageWeight: number;
}

/**
 * Chosen on the evaluation's tuning half (eval/sets/retrieval.ts, `npm run eval:retrieval`):
 * BM25 ranks paraphrased questions far better than the hashed lexical vectors do, so its list
 * weighs 3 to the vectors' 1; a smaller k and a milder length normalisation than the textbook
 * 60 and 0.75 each gained there. WordNet synonyms of the question's words were tried as a
 * lower-weighted expansion and dropped: they did not help the tuning half. The document list
 * (weight 3, a document's 5 best chunks then; swept 2–4 and 1/3/5/10 chunks) raised the tuning
 * half's recall@5 0.765 → 0.794 and MRR 0.665 → 0.691. The thesaurus's words (text/synonyms.ts,
 * written without reading the sets) at 0.2: 0.1–0.5 swept; 0.2 tied the Git tuning half and was the
 * best of the three other halves (Git held-out, both SQLite halves), which all gained; see README.
 * The naming list at 1 (1 and 3 measured, the same): the tuning halves unchanged, one more key term
 * on Git's held-out half; with keywords in capitals counted too it cost SQLite's tuning MRR.
 * The concepts' names (text/concepts.ts) at 1, a question word's weight: written after the sets'
 * misses were read, so weighed on 45 fresh questions written without sight of them (0, 0.5, 1:
 * recall@5 over Git and SQLite 0.60 / 0.73 / 0.80 and 0.67 / 0.87 / 0.87; README, Concepts).
 * The document list sums a document's 3 best chunks, not 5 (2026-12-02): over the sixteen sets
 * (labelled, fresh, blind, blind2; 400 questions) recall@5 / MRR 0.768 / 0.629 → 0.782 / 0.642, the
 * 220 questions of the sets never tuned on 0.627 / 0.462 → 0.664 / 0.495 (ten of their twelve sets'
 * MRR up), the labelled ones 0.939 / 0.834 → 0.928 / 0.822: five chunks let a long page that shares
 * a common word in many passages outrank the short page the question is about. 2 and 4 measured too
 * (README, Document list).
 * The keyword pairs' list at 0.15, a tie-breaker: at 0.3 and 0.6 it put a chunk saying "ALWAYS AS"
 * in an example above the page defining GENERATED ALWAYS AS (SQLite's MRR 0.863 → 0.855, 0.838);
 * at 0.15 no rank moved in any set, and the RENAME COLUMN section came into the top 5 (README).
 * The defining list at 0.5 (2026-12-03): a question naming a setting ("What is
 * health_check_period?") found an example's "health_check_period = 5" above the entry defining it.
 * Over the sixteen sets recall@5 / MRR / key term 0.795 / 0.647 / 0.640 → 0.795 / 0.652 / 0.640,
 * every rank that moved moved up (labelled MRR: Git 0.786 → 0.793, pgpool-II 0.696 → 0.729,
 * Python 0.924 → 0.951); at 1 the same overall (pgpool-II 0.712, Python 0.972). Before names
 * most candidates say were left out, "Pgpool-II" (which pages define too) moved paraphrases down.
 * A page's title counts as a term it defines (2026-12-03, later), and a question's keywords in
 * capitals count in titles alone: "What does PGPOOL SET change?" ranked the logging settings,
 * which say "PGPOOL SET" under each parameter, above the command's own page. Over the sixteen sets
 * MRR 0.653 → 0.654 (pgpool-II labelled 0.729 → 0.746), nothing else moved; with keywords in
 * capitals counted in term lines too, SQLite's GENERATED ALWAYS AS page fell to second.
 * The mention list at 1.5 (2026-12-04; 0.5 from 2026-12-03): over the sixteen sets at 100 pages and
 * at every page a manual's package ships (EVAL_PAGES=all), recall@5 / MRR / key term, weights
 * 0.5 / 1 / 1.25 / 1.5 / 2 / 3: 100 pages 0.818 / 0.678 / 0.662, 0.817 / 0.682 / 0.650, 0.827 / 0.680 /
 * 0.650, 0.830 / 0.678 / 0.647, 0.827 / 0.663 / 0.635, 0.793 / 0.628 / 0.615; every page 0.762 /
 * 0.643 / 0.657, 0.777 / 0.649 / 0.655, 0.790 / 0.655 / 0.655, 0.792 / 0.657 / 0.658, 0.800 / 0.654 /
 * 0.660, 0.790 / 0.643 / 0.643. Among more pages BM25's lists grow noisier while what other pages
 * say of a page stays its own (README, What other pages say of a page).
 * The document list discounts a page's further chunks by its length, x 0.5 (2026-12-03, the stop
 * after): over every page each manual's package ships (242–766 pages, `EVAL_PAGES=all`), long pages
 * that share a common word in passage after passage crowded out the short page asked about. Sixteen
 * sets over every page 0.733 / 0.604 / 0.637 → 0.757 / 0.640 / 0.657, over the 100 pages 0.815 /
 * 0.670 / 0.647 → 0.813 / 0.678 / 0.652; x 1: 0.757 / 0.632 / 0.642 and 0.817 / 0.681 / 0.645;
 * x 0.25 over the 100 pages 0.810 / 0.674 / 0.653. The whole sum so discounted, x 0.15 / 0.25 / 0.35
 * over every page: 0.750 / 0.641 / 0.642, 0.757 / 0.635 / 0.655, 0.760 / 0.624 / 0.655 (README, Document list).
 * The command list at 2 (2026-12-04, a later session): 10 of the 400 questions ask for a command,
 * all over pgpool-II or SQLite (whose pages have no Synopsis). Over pgpool-II's sets at 0.5 / 1 / 2 / 3,
 * blind2 recall@5 / MRR 0.900 / 0.666 → 0.950 / 0.681, 0.698, 0.764, 0.789, fresh MRR 0.628 → 0.633,
 * 0.644, 0.678, 0.678, nothing lower; at 2 the sixteen sets 0.832 / 0.680 / 263 key terms → 0.835 /
 * 0.688 / 266, and over every page 0.797 / 0.660 / 265 → 0.800 / 0.668 / 266 (README, A question asking for a command).
 * The title list at 1 (2026-12-04, the session after): a question saying a page's title word for
 * word ("What is write-ahead logging (WAL) mode?", "What does PGPOOL SET change?") ranked the pages
 * that mention it in passage after passage above the page it names. Over the sixteen sets at 100
 * pages recall@5 / MRR 0.835 / 0.688 → 0.835 / 0.692 at 1 and at 2 (those two questions 4th and 3rd →
 * 1st, nothing else moved); over every page at 1 0.800 / 0.668 → 0.803 / 0.669 (one miss → 3rd, one
 * 2nd → 1st, one 1st → 2nd: "the online backup API" is also the title of a C reference page); key
 * terms 266 both. Written after reading those two misses (README, A question saying a page's title).
 * The passages of the pages shown chosen again against their own page's, at 0.25 (2026-12-05):
 * pages keep their places, so recall and MRR do not move. Over the sixteen sets key terms 266 →
 * 267 / 269 / 272 / 272 / 266 / 266 at 0.1 / 0.15 / 0.25 / 0.35 / 0.5 / 0.75 (first version), 273
 * as kept (inflection keys), and 266 → 270 over every page (README, Which passages of a page are shown).
 */
export const FUSION_DEFAULTS: FusionParams = { rrfK: 20, lexicalWeight: 3, perDocument: 2, perOtherDocument: 1, k1: 1.2, b: 0.5, commonShare: 0.25, documentWeight: 3, documentChunks: 3, documentLengthNorm: 0.5, synonymWeight: 0.2, conceptWeight: 1, keyWeight: 1, pairWeight: 0.15, definesWeight: 0.5, mentionWeight: 1.5, commandWeight: 2, titleWeight: 1, passageWeight: 0.25 };

export interface RetrievalOptions {
  topK: number;
  /** Least cosine similarity for a vector hit; lexical hits need none (they share words). */
  minScore: number;
  mode: RetrievalMode;
  /** Overrides of FUSION_DEFAULTS (the evaluation sweeps them). */
  fusion?: Partial<FusionParams>;
}

/** Candidates each list contributes before fusion. */
const CANDIDATES = 50;
/** BM25 candidates the document list is made from. */
const DOCUMENT_CANDIDATES = 300;
/** Documents of the document list whose best chunk joins the fusion even when no other list had it. */
const CANDIDATES_DOCUMENTS = 10;
/**
 * Pages whose passages are chosen again (knowledge/passageChoice.ts), and how many of each page's
 * first passages are read: bounds on one question's work. 50 passages, not 200: the same figures
 * over the sixteen sets at 100 pages and every page, and half the cost where pages are long
 * (`npm run bench:retrieval`, ten pages of 1,000 passages: hybrid p50 11.7 → 7.0 ms).
 */
const PASSAGE_PAGES = 10;
const PAGE_PASSAGES = 50;

/**
 * 1-based ranks of a best-first list where equal scores share a rank, so the order in which a
 * backend returned tied hits (often by random id) cannot change a fused score.
 */
function sharedRanks(scores: number[]): number[] {
  const ranks: number[] = [];
  scores.forEach((s, i) => ranks.push(i > 0 && s === scores[i - 1] ? ranks[i - 1]! : i + 1));
  return ranks;
}

/**
 * The first CANDIDATES hits, less any that tie with the first hit left out: an index breaks
 * such ties by storage order or random id, so keeping part of a tied group would let two
 * identical projects fuse different candidates.
 */
function settled<T extends { score: number }>(hits: T[]): T[] {
  if (hits.length <= CANDIDATES) return hits;
  const cut = hits[CANDIDATES]!.score;
  return hits.slice(0, CANDIDATES).filter((h) => h.score !== cut);
}

/**
 * Hybrid retrieval, always within one project: BM25 over PostgreSQL's full-text vectors and
 * vector similarity, fused with weighted reciprocal-rank fusion (Σ w / (k + rank)). Results
 * are ordered by score, then document name and chunk position (never by random ids), so two
 * projects holding the same documents rank alike; at most `perDocument` chunks of the leading
 * document, and `perOtherDocument` of each other, come before the other documents' best ones, so
 * the top K covers several pages, and every document's best chunk is listed before any second one.
 */
export async function retrieve(
  /**
   * `lexical`: the process's in-memory BM25 index; without it BM25 runs in PostgreSQL (same ranking, slower on large projects).
   * `mentions`: the documents' link sentences; without it that list is left out.
   */
  deps: { pool: Pool; index: VectorIndex; embedder: Embedder; lexical?: LexicalIndex; mentions?: MentionIndex },
  projectId: string,
  question: string,
  opts: RetrievalOptions,
): Promise<RetrievedChunk[]> {
  const p = { ...FUSION_DEFAULTS, ...opts.fusion };
  const texts = [{ text: question, weight: 1 }];
  // A dotted name is one word to the full-text parser; its parts are the question's words too.
  const parts = dottedNameParts(question);
  if (parts.length) texts.push({ text: parts.join(' '), weight: 1 });
  const asked = terms(question);
  const others = p.synonymWeight > 0 ? synonymsOf(asked) : [];
  if (others.length) texts.push({ text: others.join(' '), weight: p.synonymWeight });
  const named = p.conceptWeight > 0 ? describedNames(asked, question) : [];
  if (named.length) texts.push({ text: named.join(' '), weight: p.conceptWeight });
  const [lexical, vector, mentioned] = await Promise.all([
    opts.mode === 'vector' ? [] : bm25Search(deps.pool, projectId, texts, p.documentWeight > 0 ? DOCUMENT_CANDIDATES : CANDIDATES, { k1: p.k1, b: p.b, commonShare: p.commonShare }, deps.lexical),
    opts.mode === 'lexical'
      ? []
      : deps.embedder.embed([question]).then(([q]) => deps.index.query(projectId, q!, CANDIDATES + 1)).then((m) => settled(m).filter((x) => x.score >= opts.minScore)),
    opts.mode !== 'vector' && p.mentionWeight > 0 && deps.mentions ? deps.mentions.rank(projectId, question) : [],
  ]);
  const fused = new Map<string, { score: number; similarity: number | null }>();
  const lexicalTop = lexical.slice(0, CANDIDATES);
  const lexicalRanks = sharedRanks(lexicalTop.map((h) => h.score));
  lexicalTop.forEach((hit, i) => fused.set(hit.id, { score: p.lexicalWeight / (p.rrfK + lexicalRanks[i]!), similarity: null }));
  const vectorRanks = sharedRanks(vector.map((h) => h.score));
  vector.forEach((hit, i) => {
    const prior = fused.get(hit.chunkId);
    fused.set(hit.chunkId, { score: (prior?.score ?? 0) + 1 / (p.rrfK + vectorRanks[i]!), similarity: hit.score });
  });
  const documents = documentList(lexical, p);
  // The leading documents of the document and mention lists stand in the fusion by their best chunk even
  // when no chunk list reached it — by their first when BM25 found none: a page other pages describe
  // may share none of the question's words itself.
  const bestChunk = new Map<string, string>();
  for (const h of lexical) if (!bestChunk.has(h.documentId)) bestChunk.set(h.documentId, h.id); // hits come best first
  const leading = [...documents.leading, ...mentioned.slice(0, CANDIDATES_DOCUMENTS).map((m) => m.documentId)];
  const unread = leading.filter((id) => !bestChunk.has(id));
  for (const id of [...leading.flatMap((d) => bestChunk.get(d) ?? []), ...(await firstChunks(deps.pool, projectId, unread))]) if (!fused.has(id)) fused.set(id, { score: 0, similarity: null });
  const rows = await chunksByIds(deps.pool, projectId, [...fused.keys()]);
  const described = mentionList(mentioned, p);
  addPerDocument(rows, fused, documents.bonus, described);
  const names = p.keyWeight > 0 || p.definesWeight > 0 ? keyTokens(question, { capitals: false }) : [];
  const pairs = p.pairWeight > 0 || p.definesWeight > 0 ? keywordPairs(question) : [];
  const namings = [
    { keys: p.keyWeight > 0 ? names : [], weight: p.keyWeight },
    { keys: p.pairWeight > 0 ? pairs : [], weight: p.pairWeight },
  ].filter((n) => n.keys.length);
  // The texts the names are looked for in, made once for all lists (and not at all when the question gives none).
  const searched = names.length || pairs.length ? rows.map(chunkSearchText) : [];
  for (const { keys, weight } of namings) for (const [i, bonus] of namingList(keys, searched, weight, p.rrfK)) fused.get(rows[i]!.id)!.score += bonus;
  // The defining list; a name most candidates say (the product's own, "Pgpool-II") tells none of them apart, defined or not.
  const uncommon = (k: RegExp) => searched.filter((t) => k.test(t)).length * 2 <= rows.length;
  const telling = names.filter(uncommon);
  const defining =
    p.definesWeight > 0
      ? [
          { keys: telling, texts: () => rows.map(definedTerms) },
          // Keywords in capitals define a page only as its title ("PGPOOL SET", "SHOW POOL_NODES"): counted
          // in term lines too, a clause's entry on the CREATE TABLE page outranked the page on GENERATED ALWAYS AS.
          { keys: pairs.filter(uncommon), texts: () => rows.map(pageTitle) },
        ]
      : [];
  for (const { keys, texts } of defining) if (keys.length) for (const [i, bonus] of namingList(keys, texts(), p.definesWeight, p.rrfK)) fused.get(rows[i]!.id)!.score += bonus;
  if (p.commandWeight > 0 && asksForCommand(question)) {
    const pages = await referencePages(deps.pool, projectId, [...new Set(rows.map((r) => r.documentId))]);
    addPerDocument(rows, fused, commandList(rows.filter((r) => pages.has(r.documentId)).map((r) => ({ documentId: r.documentId, score: fused.get(r.id)!.score })), p));
  }
  if (p.titleWeight > 0) addPerDocument(rows, fused, titleList(question, rows, p));
  const order = (a: RetrievedChunk, b: RetrievedChunk) => b.score - a.score || (a.document < b.document ? -1 : a.document > b.document ? 1 : 0) || a.chunkIndex - b.chunkIndex || (a.id < b.id ? -1 : 1);
  // A vector index may briefly hold a chunk that was just replaced; such ids are dropped here.
  const ranked = rows.map((row) => ({ ...row, ...fused.get(row.id)! })).sort(order);
  // Without words to tell a page's passages apart (or with the choice off), they stay as fused: nothing more is read.
  const query = p.passageWeight > 0 ? passageQuery(question, asked, named) : new Set<string>();
  if (!query.size) return withCommands(deps.pool, projectId, diversify(ranked, opts.topK, p.perDocument, p.perOtherDocument));
  // The pages the answer can be given from: as many as it has passages, up to a bound on one question's work.
  const shown = [...new Set(ranked.map((r) => r.documentId))].slice(0, Math.min(opts.topK, PASSAGE_PAGES));
  const read = await pagePassages(deps.pool, projectId, shown, PAGE_PASSAGES);
  const chosen = choosePassages(ranked, shown, read, query, { ...p, order }, telling);
  return withCommands(deps.pool, projectId, diversify(chosen, opts.topK, p.perDocument, p.perOtherDocument), read);
}

/**
 * The found chunks, each of a reference page with the command the page documents as its synopsis
 * types it (pageCommand), where that is not how the page is named: the answer says it with what it
 * quotes from the page ("git show" for git-show(1)'s description). The synopses are taken from the
 * passages the choice of passages read (`read`: each shown page's first PAGE_PASSAGES) where they
 * hold the page's synopsis or the whole page, and read only for the other pages found.
 */
async function withCommands(pool: Pool, projectId: string, found: RetrievedChunk[], read: readonly StoredChunk[] = []): Promise<RetrievedChunk[]> {
  const pages = new Map<string, { title: string | null; text: string }>();
  const passages = new Map<string, number>();
  for (const c of [...read].sort((a, b) => a.chunkIndex - b.chunkIndex)) {
    passages.set(c.documentId, (passages.get(c.documentId) ?? 0) + 1);
    if (underSynopsis(c) && !pages.has(c.documentId)) pages.set(c.documentId, { title: c.title ?? null, text: c.text });
  }
  const unread = [...new Set(found.map((c) => c.documentId))].filter((id) => !pages.has(id) && (passages.get(id) ?? PAGE_PASSAGES) >= PAGE_PASSAGES);
  for (const [id, page] of await synopses(pool, projectId, unread)) pages.set(id, page);
  if (!pages.size) return found;
  return found.map((c) => {
    const page = pages.get(c.documentId);
    const command = page && pageCommand(page.title, page.text);
    return command && command !== page.title ? { ...c, command } : c;
  });
}

/**
 * The document list: documents ranked by the sum of their `documentChunks` best BM25 chunk
 * scores among the candidates (all but the best discounted by the page's length), as a fused bonus for each of their chunks. A page where several
 * passages each share some of the question's words is likelier the answer than a page where a
 * single passage happens to — which is how a question worded unlike its page still finds it.
 * Sums are rounded so equal documents score exactly alike, and equal scores share a rank.
 */
function documentList(hits: Bm25Hit[], p: FusionParams): { bonus: Map<string, number>; leading: string[] } {
  if (p.documentWeight <= 0) return { bonus: new Map(), leading: [] };
  const scores = new Map<string, { length: number; xs: number[] }>();
  for (const h of hits) {
    const d = scores.get(h.documentId);
    if (!d) scores.set(h.documentId, { length: h.documentLength, xs: [h.score] });
    else if (d.xs.length < p.documentChunks) d.xs.push(h.score);
  }
  // A long page shares a common word in more passages than a short one, so its further passages count for less.
  const sum = ({ length, xs: [best, ...more] }: { length: number; xs: number[] }) => best! + more.reduce((a, b) => a + b, 0) / (1 - p.documentLengthNorm + p.documentLengthNorm * length);
  const ranked = [...scores].map(([documentId, d]) => ({ documentId, score: Math.round(sum(d) * 1e9) / 1e9 })).sort((a, b) => b.score - a.score);
  // Only the documents that rank near the top bring their best chunk in; the rest only add to chunks already there.
  return { bonus: documentBonus(ranked, p.documentWeight, p.rrfK), leading: ranked.slice(0, CANDIDATES_DOCUMENTS).map((d) => d.documentId) };
}

/** Adds the document lists' bonuses (summed, in the order given) to each candidate chunk of their documents. */
function addPerDocument(rows: readonly StoredChunk[], fused: Map<string, { score: number }>, ...bonuses: ReadonlyMap<string, number>[]): void {
  for (const row of rows) fused.get(row.id)!.score += bonuses.reduce((sum, bonus) => sum + (bonus.get(row.documentId) ?? 0), 0);
}

/** A ranked list of documents (best first; equal scores share a rank) as a fused bonus of `weight` for each of their chunks. */
function documentBonus(ranked: readonly { documentId: string; score: number }[], weight: number, rrfK: number): Map<string, number> {
  const ranks = sharedRanks(ranked.map((d) => d.score));
  return new Map(ranked.map((d, i) => [d.documentId, weight / (rrfK + ranks[i]!)]));
}

/**
 * The command list: the reference pages among the candidates, ranked by their best candidate's
 * fused score, as a bonus for each of their chunks. A question asking for a command in its own
 * words ("Is there one command that makes every pgpool pick up the new settings?") shares them
 * with the settings it would change more than with the command's page (pcp_reload_config).
 */
function commandList(candidates: { documentId: string; score: number }[], p: FusionParams): Map<string, number> {
  const best = new Map<string, number>();
  for (const c of candidates) best.set(c.documentId, Math.max(best.get(c.documentId) ?? 0, Math.round(c.score * 1e9) / 1e9));
  const ranked = [...best].map(([documentId, score]) => ({ documentId, score })).sort((a, b) => b.score - a.score);
  return documentBonus(ranked, p.commandWeight, p.rrfK);
}

/**
 * The mention list: documents ranked by what other pages say where they link to them, as a fused
 * bonus for each of their chunks among the candidates.
 */
function mentionList(mentioned: Mention[], p: FusionParams): Map<string, number> {
  return documentBonus(mentioned, p.mentionWeight, p.rrfK);
}

/**
 * A naming list: the candidates (by their index in `texts`) that say names the question gives
 * verbatim, ranked by how many of them they say, as a fused bonus of `weight`. With its special
 * tokens (text/keyTokens.ts: "--force-with-lease", "work_mem", "->>"): BM25 reads "work_mem" as the words work and mem, which
 * "maintenance_work_mem" says too, and cannot read "->>" at all; keywords in capitals are left out,
 * as SQL pages say them everywhere. With its pairs of keywords ("RENAME COLUMN", "DO UPDATE"): the
 * section on the clause asked about, where the keywords alone are everywhere.
 */
function namingList(keys: RegExp[], texts: string[], weight: number, rrfK: number): Map<number, number> {
  const bonus = new Map<number, number>();
  const named = texts
    .map((text, i) => ({ i, n: keys.filter((k) => k.test(text)).length }))
    .filter((x) => x.n > 0)
    .sort((a, b) => b.n - a.n);
  const ranks = sharedRanks(named.map((x) => x.n));
  named.forEach((x, r) => bonus.set(x.i, weight / (rrfK + ranks[r]!)));
  return bonus;
}

/**
 * The name part of a page's title: without its chapter or section number, and before its first
 * dash, colon or parenthesis ("30.3. Write-Ahead Logging (WAL)" → write ahead logging,
 * "git-commit(1)" → git commit, "os.path — Common pathname manipulations" → os path).
 */
const titleName = (title: string) => words(title.replace(/^\s*(?:(?:Chapter|Appendix|Part)\s+)?(?:\d+|[A-Z])(?:\.\d+)*\.\s+/u, '').split(/\s[—–-]\s|:|\(/)[0] ?? '');

/**
 * The title list: the candidates' pages whose title's name (two words or more: one word is as
 * often the word's other sense) the question says word for word, longest first, as a bonus for
 * each of their chunks. A name said only inside a longer one said is not said: "git cherry-pick"
 * names git-cherry-pick, not git-cherry.
 */
function titleList(question: string, rows: StoredChunk[], p: FusionParams): Map<string, number> {
  // Words are matched between spaces, so "git commit" is not said by "git committed".
  const asked = ` ${words(question).join(' ')} `;
  // A title of one keyword in capitals ("REINDEX", "VACUUM": a statement's page) counts when the
  // question writes it so: in capitals, a one-word name has the sense of the page's own.
  const keywords = new Set(capitalKeywords(question));
  const said = new Map<string, { phrase: string; length: number } | null>();
  for (const row of rows) {
    if (said.has(row.documentId)) continue;
    const title = row.title ?? pageTitle(row);
    const name = titleName(title);
    const phrase = ` ${name.join(' ')} `;
    said.set(row.documentId, (name.length >= 2 && asked.includes(phrase)) || keywords.has(title.trim()) ? { phrase, length: name.length } : null);
  }
  const phrases = [...said.values()].flatMap((s) => (s ? [s.phrase] : []));
  const ranked = [...said]
    .flatMap(([documentId, s]) => (s && !phrases.some((longer) => longer.length > s.phrase.length && longer.includes(s.phrase)) ? [{ documentId, score: s.length }] : []))
    .sort((a, b) => b.score - a.score);
  return documentBonus(ranked, p.titleWeight, p.rrfK);
}

/**
 * The page's title, its first heading: a reference page is titled with what it defines ("pcp_attach_node", "PGPOOL SET").
 * A page with no heading at all (SQLite's show their title as a plain line) by the title its document was given.
 */
const pageTitle = (chunk: StoredChunk) => chunk.headings[0] ?? chunk.title ?? '';

/**
 * The terms a chunk defines: its page's title, its paragraphs that head a definition, and the last
 * heading it sits under when that is a term (the definition it runs on under), each without its
 * parameters: a signature's parameters name other things ("class typing.Counter(collections.Counter, Generic[T])" defines typing.Counter).
 */
function definedTerms(chunk: StoredChunk): string {
  const paragraphs = paragraphsOf(chunk.text).map(oneLineTerm);
  const heads = headsDefinition(paragraphs);
  const under = chunk.headings.at(-1);
  const defined = [pageTitle(chunk), ...(under && isTermLine(under) ? [under] : []), ...paragraphs.filter((_, i) => heads[i])];
  return defined.map((t) => t.replace(/\(.*$/s, '')).join('\n');
}

/**
 * The best `topK`, taking at most `perDocument` of the leading document and `perOtherDocument` of
 * each other, and one copy of a text several documents share, until nothing else is left; in the
 * order of pagesFirst.
 */
function diversify<T extends { documentId: string; text: string }>(ranked: T[], topK: number, perDocument: number, perOtherDocument: number): T[] {
  const taken: T[] = [];
  const prints: Set<string>[] = [];
  const deferred: T[] = [];
  const copies: T[] = [];
  const perDoc = new Map<string, number>();
  const leading = ranked[0]?.documentId;
  for (const chunk of ranked) {
    if (taken.length === topK) break;
    const print = fingerprint(chunk.text);
    if (prints.some((p) => sameText(p, print))) {
      copies.push(chunk);
      continue;
    }
    const n = perDoc.get(chunk.documentId) ?? 0;
    if (n < (chunk.documentId === leading ? perDocument : perOtherDocument)) {
      perDoc.set(chunk.documentId, n + 1);
      taken.push(chunk);
      prints.push(print);
    } else deferred.push(chunk);
  }
  if (taken.length === topK) return pagesFirst(taken);
  // Fewer documents than needed: the deferred chunks fill up, best first; copies of a text only last.
  const position = new Map(ranked.map((c, i) => [c, i]));
  const filled = [...taken, ...deferred.slice(0, topK - taken.length)].sort((a, b) => position.get(a)! - position.get(b)!);
  return [...pagesFirst(filled), ...copies.slice(0, topK - filled.length)];
}

/**
 * Each document's best chunk, in score order, then the further ones, in score order: a second
 * passage of a page already shown says less that is new than another page's best one, so the
 * leading page's second passage, kept for the answer, no longer pushes the next page down a place.
 */
function pagesFirst<T extends { documentId: string }>(chunks: T[]): T[] {
  const shown = new Set<string>();
  const [first, further]: [T[], T[]] = [[], []];
  for (const chunk of chunks) {
    (shown.has(chunk.documentId) ? further : first).push(chunk);
    shown.add(chunk.documentId);
  }
  return [...first, ...further];
}
