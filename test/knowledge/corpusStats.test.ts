// CorpusStats over PostgreSQL's full-text index: what the offline router reads to judge whether
// a project's knowledge covers a question.
import { corpusStatsFor } from '../../knowledge/corpusStats.js';
import { LexicalIndex } from '../../knowledge/lexicalIndex/index.js';
import { contentTerms } from '../../providers/kinds/local/coverage.js';
import { replaceChunks } from '../../store/chunks.js';
import { createDocument } from '../../store/documents.js';
import { createProject } from '../../store/projects.js';
import { closeDb, db } from '../stack/context.js';

async function projectWith(texts: string[], tokenCount = 0): Promise<string> {
  const project = await createProject(db(), 'corpus stats');
  const doc = await createDocument(db(), { projectId: project.id, name: 'guide.md', kind: 'markdown', sourceUrl: null, content: null, contentHash: null });
  await replaceChunks(db(), project.id, doc.id, texts.map((text, index) => ({ index, text, headings: [], tokenCount })));
  return project.id;
}

afterAll(closeDb);

describe('corpusStatsFor', () => {
  it('counts the chunks holding each term, stemmed as the index is, within the project only', async () => {
    const id = await projectWith([
      'Refunds are issued within 14 days.',
      'A refund needs the order number. Set push.default to simple.',
      'Invoices are emailed monthly.',
    ]);
    await projectWith(['Refunds refunds refunds.', 'Australia.']); // another tenant's words never count
    const stats = corpusStatsFor(db(), id);
    const df = await stats.documentFrequency(['refunded', 'invoices', 'australia', 'push.default', 'the']);
    expect(stats.chunks).toBe(3);
    expect(Object.fromEntries(df)).toEqual({
      refunded: 2, // refund, refunds and refunded share a stem
      invoices: 1,
      australia: 0,
      'push.default': 1, // a dotted name is one indexed word
      the: 3, // not indexed at all (a stopword): as if in every chunk, so it weighs nothing
    });
  });

  it('counts the chunks holding both words of each pair, stemmed as the index is, within the project only', async () => {
    const id = await projectWith([
      'Refunds are issued within 14 days of the order.',
      'A refund needs the order number.',
      'Orders ship within two days. Set push.default to simple.',
      'Invoices are emailed monthly.',
    ]);
    await projectWith(['Refunds of orders, refunded invoices.']); // another tenant's chunks never count
    const pairs = [
      ['refunded', 'orders'], // refund and order share two chunks, whatever their endings
      ['refund', 'invoices'], // each is somewhere, never together
      ['push.default', 'day'], // a dotted name is one indexed word
      ['the', 'order'], // a stopword adds nothing: the order's own chunks
      ['refund', 'australia'], // a word the knowledge lacks meets nothing
    ] as const;
    expect(await corpusStatsFor(db(), id).jointFrequency(pairs)).toEqual([2, 0, 1, 3, 0]);
    // The worker's in-memory postings count the same, and see a chunk written since they were read.
    const lexical = new LexicalIndex({ sql: db() });
    expect(await corpusStatsFor(db(), id, lexical).jointFrequency(pairs)).toEqual([2, 0, 1, 3, 0]);
    const doc = await createDocument(db(), { projectId: id, name: 'more.md', kind: 'markdown', sourceUrl: null, content: null, contentHash: null });
    await replaceChunks(db(), id, doc.id, [{ index: 0, text: 'Refund orders of invoices.', headings: [], tokenCount: 0 }]);
    expect(await corpusStatsFor(db(), id, lexical).jointFrequency(pairs)).toEqual([3, 1, 1, 4, 0]);
    expect(await corpusStatsFor(db(), id).jointFrequency(pairs)).toEqual([3, 1, 1, 4, 0]);
  });

  it("looks a question's file and setting names up as the index holds them, underscores and all", async () => {
    const id = await projectWith(['Client authentication is set in pg_hba.conf.', 'Set my_table.col_name first.', 'See hba.conf notes.']);
    const asked = contentTerms('How do I configure pg_hba.conf before my_table.col_name?');
    expect(asked).toEqual(expect.arrayContaining(['pg_hba.conf', 'my_table.col']));
    const df = await corpusStatsFor(db(), id).documentFrequency(asked);
    expect(df.get('pg_hba.conf')).toBe(1);
    expect(df.get('my_table.col')).toBe(1);
  });

  it('knows how long the chunks are in all, for the router to judge how common a word is in them', async () => {
    const stats = corpusStatsFor(db(), await projectWith(['Refunds are issued within 14 days.', 'Invoices are emailed monthly.'], 40));
    await stats.documentFrequency(['refund']);
    expect(stats.tokens).toBe(80);
  });

  it('knows an empty project has nothing', async () => {
    const project = await createProject(db(), 'empty corpus');
    const stats = corpusStatsFor(db(), project.id);
    expect(Object.fromEntries(await stats.documentFrequency(['refund']))).toEqual({ refund: 0 });
    expect(stats.chunks).toBe(0);
    expect(stats.tokens).toBe(0);
  });
});

describe('the statistics kept beside the chunks', () => {
  /** What the kept statistics should be: counted afresh from the chunks themselves. */
  async function recounted(projectId: string) {
    const { rows } = await db().query<{ lexeme: string; df: number }>(
      `SELECT u.lexeme, count(*)::int AS df FROM chunks c, unnest(c.tsv) u WHERE c.project_id = $1 GROUP BY u.lexeme ORDER BY u.lexeme`,
      [projectId],
    );
    return rows;
  }
  async function kept(projectId: string) {
    const { rows } = await db().query<{ lexeme: string; df: number }>(`SELECT lexeme, df FROM chunk_terms WHERE project_id = $1 ORDER BY lexeme`, [projectId]);
    return rows;
  }

  it('follow every write: a document re-chunked, another deleted, the counts equal a recount', async () => {
    const project = await createProject(db(), 'kept stats');
    const a = await createDocument(db(), { projectId: project.id, name: 'a.md', kind: 'markdown', sourceUrl: null, content: null, contentHash: null });
    const b = await createDocument(db(), { projectId: project.id, name: 'b.md', kind: 'markdown', sourceUrl: null, content: null, contentHash: null });
    await replaceChunks(db(), project.id, a.id, [
      { index: 0, text: 'Refunds take 14 days.', headings: [], tokenCount: 5 },
      { index: 1, text: 'Invoices are monthly.', headings: [], tokenCount: 4 },
    ]);
    await replaceChunks(db(), project.id, b.id, [{ index: 0, text: 'Refund the invoice.', headings: [], tokenCount: 4 }]);
    expect(await kept(project.id)).toEqual(await recounted(project.id));
    expect((await corpusStatsFor(db(), project.id).documentFrequency(['refunds'])).get('refunds')).toBe(2);

    await replaceChunks(db(), project.id, a.id, [{ index: 0, text: 'Shipping is free.', headings: [], tokenCount: 3 }]);
    await db().query(`DELETE FROM documents WHERE id = $1`, [b.id]);
    expect(await kept(project.id)).toEqual(await recounted(project.id));
    const stats = corpusStatsFor(db(), project.id);
    expect(Object.fromEntries(await stats.documentFrequency(['refund', 'shipping']))).toEqual({ refund: 0, shipping: 1 });
    expect(stats.chunks).toBe(1);
    const { rows } = await db().query(`SELECT chunks::int, tokens::int FROM chunk_totals WHERE project_id = $1`, [project.id]);
    expect(rows).toEqual([{ chunks: 1, tokens: 3 }]);
  });
});
