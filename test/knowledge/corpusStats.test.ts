// CorpusStats over PostgreSQL's full-text index: what the offline router reads to judge whether
// a project's knowledge covers a question.
import { corpusStatsFor } from '../../knowledge/corpusStats.js';
import { replaceChunks } from '../../store/chunks.js';
import { createDocument } from '../../store/documents.js';
import { createProject } from '../../store/projects.js';
import { closeDb, db } from '../stack/context.js';

async function projectWith(texts: string[]): Promise<string> {
  const project = await createProject(db(), 'corpus stats');
  const doc = await createDocument(db(), { projectId: project.id, name: 'guide.md', kind: 'markdown', sourceUrl: null, content: null, contentHash: null });
  await replaceChunks(db(), project.id, doc.id, texts.map((text, index) => ({ index, text, headings: [], tokenCount: 0 })));
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

  it('knows an empty project has nothing', async () => {
    const project = await createProject(db(), 'empty corpus');
    const stats = corpusStatsFor(db(), project.id);
    expect(Object.fromEntries(await stats.documentFrequency(['refund']))).toEqual({ refund: 0 });
    expect(stats.chunks).toBe(0);
  });
});
