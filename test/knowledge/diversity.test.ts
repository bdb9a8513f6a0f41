// The top five reach as many pages as they can: the leading page keeps a second passage for the
// answer, every other page shows its best one, and a page's further passages come only when no
// other page is left. Every page's best passage is listed before any page's second.
import { closeDb, db } from '../stack/context.js';
import { lexicalRanking } from './ingestDirect.js';

afterAll(closeDb);

/** A page of one section per paragraph given. */
function page(name: string, ...paragraphs: string[]): { name: string; text: string } {
  return { name: `${name}.md`, text: `# ${name}\n\n${paragraphs.map((p, i) => `## Part ${i + 1}\n\n${p}`).join('\n\n')}` };
}

// Each passage of the first two pages says more of the question than the last two pages do.
const pages = [
  page(
    'logging',
    'Rotating the log files of the server: the server rotates its log files every day at midnight, and the file it was writing gets the date as its suffix.',
    'Old log files of the server are removed when rotating makes an eighth one; seven are kept, compressed with gzip beside the current file.',
    'To rotate the log files of the server by hand, send it the reopen signal; it closes the current file and starts a new one at once.',
  ),
  page(
    'maintenance',
    'The nightly maintenance window rotates the log files of the server first, then vacuums the tables and checks last night’s backups.',
    'If rotating the log files of the server fails in the maintenance window, the operators get a mail and the other jobs still run.',
    'Maintenance jobs after rotating the log files of the server refresh the planner statistics and send the morning report.',
  ),
  page('storage', 'Old log files take disk space until they are removed.'),
  page('monitoring', 'The monitor reads the log files as they are written.'),
];
const question = 'How do I rotate the log files of the server?';

it('shows the leading page twice and each other page once, so five passages reach four pages', async () => {
  const top = await (await lexicalRanking(db(), 'four pages', pages, question))({});
  expect(top).toHaveLength(5);
  expect(top.filter((d) => d === top[0])).toHaveLength(2);
  expect(new Set(top)).toEqual(new Set(['logging.md', 'maintenance.md', 'storage.md', 'monitoring.md']));
  // The leading page's second passage scores above the last two pages' best, but is listed after them.
  expect(new Set(top.slice(0, 4)).size).toBe(4);
  expect(top[4]).toBe(top[0]);
});

it('fills the places no other page can take with the pages’ further passages', async () => {
  const top = await (await lexicalRanking(db(), 'two pages', pages.slice(0, 2), question))({});
  expect(top).toHaveLength(5);
  expect(new Set(top)).toEqual(new Set(['logging.md', 'maintenance.md']));
  expect(new Set(top.slice(0, 2)).size).toBe(2);
});
