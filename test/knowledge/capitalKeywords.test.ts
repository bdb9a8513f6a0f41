// A keyword the question writes in capitals that few of the candidates say ("ACID") names the page
// that says it, though other pages share more of the question's other words.
import { closeDb, db } from '../stack/context.js';
import { lexicalRanking } from './ingestDirect.js';

afterAll(closeDb);

const page = (name: string, text: string) => ({ name: `${name}.md`, text: `# ${name}\n\n${text}` });

// Three pages on crashes and commits say the question's other words over and over; one says ACID.
const pages = [
  page('atomic-commit', 'A transaction commits atomically: if the OS crashes halfway through the commit, the transaction survives or is rolled back whole. A crash of the OS halfway through a commit never leaves half a transaction.'),
  page('rollback-journal', 'The rollback journal lets a transaction survive an OS crash: after a crash halfway through the commit, the journal rolls the transaction back.'),
  page('write-ahead-log', 'With the write-ahead log a committed transaction survives an OS crash, and a commit cut off halfway by a crash is ignored.'),
  page('transactional', 'The database is transactional: the changes of a transaction are Atomic, Consistent, Isolated and Durable (ACID).'),
  page('select', 'SELECT reads rows. A SELECT inside a transaction sees the rows as they were when it began.'),
  page('insert', 'INSERT adds rows. An INSERT in a transaction is undone if the transaction is rolled back.'),
  page('update', 'UPDATE changes rows. An UPDATE in a transaction takes a write lock.'),
];

it('ranks the page saying a keyword in capitals few candidates say first, over pages sharing more of the other words', async () => {
  const top = await (await lexicalRanking(db(), 'capital keywords', pages, 'Is the database fully ACID? Will a transaction survive if the OS crashes halfway through the commit?'))({});
  expect(top[0]).toBe('transactional.md');
});
