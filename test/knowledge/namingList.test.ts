// The naming list in retrieval: a question that names a setting verbatim ("work_mem") finds the
// chunk that says that name before chunks that only say its words ("maintenance_work_mem").
import { closeDb, db } from '../stack/context.js';
import { lexicalRanking } from './ingestDirect.js';

afterAll(closeDb);

it('ranks the chunk that names the asked setting first, only with the naming list on', async () => {
  const pages = [
    {
      name: 'maintenance.md',
      text: '## Maintenance memory\n\nmaintenance_work_mem is the work memory of maintenance jobs. Raising maintenance_work_mem lets such work finish sooner; maintenance_work_mem is per job.',
    },
    { name: 'queries.md', text: '## Query memory\n\nwork_mem is what one sort step of a query may use before it spills to disk.' },
    { name: 'billing.md', text: '## Invoices\n\nInvoices are sent monthly by email.' },
  ];
  const ranked = await lexicalRanking(db(), 'naming list', pages, 'What does work_mem limit?');
  // BM25 reads work_mem as "work" and "mem": the page saying them most leads.
  expect((await ranked({ keyWeight: 0 }))[0]).toBe('maintenance.md');
  expect((await ranked({ keyWeight: 1 }))[0]).toBe('queries.md');
});

it('ranks the section on the clause asked about first, by the keywords it says side by side, only with the pairs list on', async () => {
  const others = ['Invoices are sent monthly by email.', 'Orders ship within two days.', 'Returns are free for thirty days.', 'Support answers on weekdays.', 'Passwords expire after a year.', 'Reports export as spreadsheets.'];
  const pages = [
    {
      name: 'renaming.md',
      text: '## Renaming\n\nTo rename a table, alter the table: column names, column types and column defaults of the renamed table stay, and you can rename the table back.',
    },
    {
      name: 'rename-column.md',
      text: '## ALTER TABLE RENAME COLUMN\n\nThe RENAME COLUMN syntax changes the name of one field in views, triggers, indexes and foreign keys as well, so queries written before keep working.',
    },
    ...others.map((text, i) => ({ name: `other-${i}.md`, text: `## Other\n\n${text}` })),
  ];
  const ranked = await lexicalRanking(db(), 'keyword pairs', pages, 'How do I use ALTER TABLE RENAME COLUMN?');
  // The words alone are said more often on the page about renaming in general.
  expect((await ranked({ pairWeight: 0 }))[0]).toBe('renaming.md');
  expect((await ranked({ pairWeight: 1 }))[0]).toBe('rename-column.md');
});
