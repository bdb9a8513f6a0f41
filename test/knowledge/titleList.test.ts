// The title list in retrieval: a question that says a page's title word for word ("What is
// write-ahead logging?") finds that page before the pages that merely mention it more often.
import { closeDb, db } from '../stack/context.js';
import { lexicalRanking } from './ingestDirect.js';

afterAll(closeDb);

const journal = {
  name: 'journal-modes.md',
  text: '# Journal modes\n\n## The journal_mode setting\n\nThe journal mode is DELETE, TRUNCATE, PERSIST, MEMORY, WAL or OFF. In WAL mode the database uses write-ahead logging: with write-ahead logging a change goes to the log first, and write-ahead logging lets readers go on while one writer writes.',
};
// Enough other pages that the question's words are not in a quarter of the chunks (common words do not select candidates).
const fillers = [
  'Invoices are sent monthly by email.',
  'Orders ship within two days.',
  'Passwords expire after a year.',
  'Reports export as spreadsheets.',
  'Backups run every night at two.',
  'Users sign in with their email address.',
  'Tables may hold up to a billion rows.',
  'Indexes speed up lookups by key.',
].map((text, i) => ({ name: `other-${i}.md`, text: `# Other ${i}\n\n${text}` }));
const walPage = (title: string) => ({
  name: 'wal.md',
  text: `# ${title}\n\n## Overview\n\nBy default a rollback journal makes each commit atomic. Since version 3.7.0 another option keeps changes apart from the database file until a checkpoint copies them back.`,
});

it('ranks the page whose title the question says first, only with the title list on (as by default)', async () => {
  const ranked = await lexicalRanking(db(), 'title list', [journal, walPage('Write-Ahead Logging'), ...fillers], 'What is write-ahead logging mode?');
  // The journal page says "write-ahead logging" three times; the page on it says it only in its title.
  expect((await ranked({ titleWeight: 0 }))[0]).toBe('journal-modes.md');
  expect((await ranked({}))[0]).toBe('wal.md');
});

it("reads a title without its section number and what follows its name (a manual's \"30.3. Write-Ahead Logging (WAL)\")", async () => {
  const ranked = await lexicalRanking(db(), 'title list, numbered title', [journal, walPage('30.3. Write-Ahead Logging (WAL)'), ...fillers], 'What is write-ahead logging mode?');
  expect((await ranked({}))[0]).toBe('wal.md');
});

it('leaves the ranking alone for a question that says no title', async () => {
  const ranked = await lexicalRanking(db(), 'title list, no title said', [journal, walPage('Write-Ahead Logging'), ...fillers], 'What does a write-ahead log let readers do while a writer writes?');
  expect(await ranked({})).toEqual(await ranked({ titleWeight: 0 }));
  expect((await ranked({}))[0]).toBe('journal-modes.md');
});

// SQLite's statement pages: an HTML page with its title in <title> and no heading at all.
const html = (name: string, title: string, text: string) => ({ name, text: `<html><head><title>${title}</title></head><body><p>${text}</p></body></html>` });
const statementPages = [
  html('lang_reindex.html', 'REINDEX', 'The REINDEX command deletes and recreates indices from scratch. This is useful when the definition of a collation sequence has changed.'),
  html('collation.html', 'Collating Sequences', 'After a collating function changes, run REINDEX. REINDEX rebuilds every index that uses the collation; until REINDEX runs, the index may be out of order.'),
  ...fillers.map(({ name, text }) => html(name.replace(/\.md$/, '.html'), name, text.replace(/^# .*\n\n/, ''))),
];

it('ranks the page titled with one keyword first when the question writes it in capitals as the title does, not in lower case', async () => {
  const ranked = await lexicalRanking(db(), 'title list, keyword', statementPages, 'When do I need to run REINDEX?', 'html');
  // The collation page says REINDEX three times; the statement's page once, and in its title.
  expect((await ranked({ titleWeight: 0 }))[0]).toBe('collation.html');
  expect((await ranked({}))[0]).toBe('lang_reindex.html');
  // In lower case one word is as often the word's other sense: the title list leaves it.
  const lower = await lexicalRanking(db(), 'title list, keyword in lower case', statementPages, 'When do I need to run reindex?', 'html');
  expect(await lower({})).toEqual(await lower({ titleWeight: 0 }));
});
