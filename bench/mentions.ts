/**
 * What the mention list (knowledge/mentions.ts) costs as a project grows: the evaluation corpus's
 * pages (Git's manual unless EVAL_CORPUS says) copied into one project, each copy in a folder of
 * its own so its links point within it, and the documents ranked by their link sentences for the
 * corpus's questions: the cold load once, then warm per question. Run: `npm run bench:mentions`
 * (BENCH_COPIES, default 1,10,60: about 150, 1,500 and 9,000 described pages of Git's manual).
 */
import { parseDocument } from '../knowledge/parse.js';
import { MentionIndex } from '../knowledge/mentions.js';
import { linkTargets } from '../knowledge/linkTargets.js';
import { startTestStack } from '../infra/testStack.js';
import { replaceChunks } from '../store/chunks.js';
import { createDocument } from '../store/documents.js';
import { createPool } from '../store/pool.js';
import { createProject } from '../store/projects.js';
import { ensureCorpus, labelledSet, readPage, selectedCorpus } from '../eval/corpus.js';
import { RETRIEVAL_SETS } from '../eval/sets/retrievalSets.js';
import { printTable, summarize } from './stats.js';

const COPIES = (process.env.BENCH_COPIES ?? '1,10,60').split(',').filter(Boolean).map(Number);
const ROUNDS = 3;
const corpus = selectedCorpus();
ensureCorpus(corpus);
const questions = labelledSet(corpus, 'EVAL_QUESTIONS', RETRIEVAL_SETS).map((q) => q.q);
const pages = [];
for (const page of corpus.pages) pages.push({ page, links: (await parseDocument('html', Buffer.from(readPage(corpus, page)), `${page}.html`)).links ?? [] });

const t = await startTestStack();
const pool = createPool(t.info.databaseUrl, 4);
const rows: Record<string, string | number>[] = [];
try {
  for (const copies of COPIES) {
    const project = await createProject(pool, `bench-mentions-${copies}`);
    let links = 0;
    for (let copy = 0; copy < copies; copy++) {
      for (const { page, links: found } of pages) {
        const doc = await createDocument(pool, { projectId: project.id, name: `${copy}/${page}.html`, kind: 'html', sourceUrl: null, content: null, contentHash: null });
        const targets = linkTargets(found, doc);
        links += targets.length;
        // One stand-in chunk: the links are written with a document's chunks, which bump the project's version.
        await replaceChunks(pool, project.id, doc.id, [{ index: 0, text: page, headings: [], tokenCount: 1 }], targets);
      }
    }
    const mentions = new MentionIndex({ sql: pool, maxCacheBytes: 1024 ** 3 });
    let s = performance.now();
    await mentions.rank(project.id, questions[0]!); // the cold load: the links read and indexed
    const loadMs = performance.now() - s;
    const ms: number[] = [];
    let found = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const q of questions) {
        s = performance.now();
        found += (await mentions.rank(project.id, q)).length;
        ms.push(performance.now() - s);
      }
    }
    const m = summarize(ms);
    rows.push({
      documents: copies * pages.length,
      'link sentences': links,
      'cold load ms': loadMs.toFixed(0),
      'rank p50 ms': m.p50.toFixed(2),
      'rank p99 ms': m.p99.toFixed(2),
      'documents ranked per question': Math.round(found / ms.length),
    });
  }
  printTable(`Mention list per question (${corpus.title} copied; ${questions.length} questions × ${ROUNDS}, warm; the project's version read each time; 2-core machine)`, rows);
} finally {
  await pool.end();
  await t.dispose();
}
