// The naming list in retrieval: a question that names a setting verbatim ("work_mem") finds the
// chunk that says that name before chunks that only say its words ("maintenance_work_mem").
import { retrieve, type FusionParams } from '../../knowledge/retrieve.js';
import { ExactVectorIndex } from '../../knowledge/vectors/exact.js';
import { LocalLexicalEmbedder } from '../../providers/kinds/local/embeddings.js';
import { createProject } from '../../store/projects.js';
import { closeDb, db } from '../stack/context.js';
import { ingestMarkdown } from './ingestDirect.js';

afterAll(closeDb);

it('ranks the chunk that names the asked setting first, only with the naming list on', async () => {
  const pool = db();
  const embedder = new LocalLexicalEmbedder();
  const index = new ExactVectorIndex({ sql: pool });
  const project = await createProject(pool, 'naming list');
  const pages = [
    {
      name: 'maintenance.md',
      text: '## Maintenance memory\n\nmaintenance_work_mem is the work memory of maintenance jobs. Raising maintenance_work_mem lets such work finish sooner; maintenance_work_mem is per job.',
    },
    { name: 'queries.md', text: '## Query memory\n\nwork_mem is what one sort step of a query may use before it spills to disk.' },
    { name: 'billing.md', text: '## Invoices\n\nInvoices are sent monthly by email.' },
  ];
  await ingestMarkdown({ pool, index, embedder }, project.id, pages, { chunkTokens: 60, overlapTokens: 0 });
  const ranked = async (fusion: Partial<FusionParams>) =>
    (await retrieve({ pool, index, embedder }, project.id, 'What does work_mem limit?', { topK: 5, minScore: 0, mode: 'lexical', fusion })).map((c) => c.document);
  // BM25 reads work_mem as "work" and "mem": the page saying them most leads.
  expect((await ranked({ keyWeight: 0 }))[0]).toBe('maintenance.md');
  expect((await ranked({ keyWeight: 1 }))[0]).toBe('queries.md');
});
