// Which passages of a found page are shown: a question the page answers in one of its passages
// ("How often…" → the setting giving the interval) gets that passage, not the page's passages
// that say the page's own words most, and the pages keep their ranks.
import { closeDb, db } from '../stack/context.js';
import { lexicalRetrieval } from './ingestDirect.js';

afterAll(closeDb);

const healthCheck = {
  name: 'health-check.md',
  text: [
    '# Health check',
    '## Overview\n\nThe pool checks the health of the database servers. A health check connects to each of the servers in turn, and when servers fail the check the pool stops using those servers.',
    '## health_check_password\n\nThe password the health check of the servers uses. Left empty, the pool checks the password file for the servers first.',
    '## health_check_period\n\nSpecifies the interval between health checks in seconds. Zero turns them off.',
    '## health_check_user\n\nThe user name the health check connects to the servers as.',
  ].join('\n\n'),
};
// Enough other pages that "check" is not in a quarter of the chunks (common words do not select candidates),
// so every passage of the page is a candidate, as the passages of a manual's page most often are.
const others = [
  'Invoices are sent monthly by email.',
  'Orders ship within two days.',
  'Passwords expire after a year.',
  'Reports export as spreadsheets.',
  'Backups of the servers run every night at two.',
  'Users sign in with their email address.',
  'Tables may hold up to a billion rows.',
  'Indexes speed up lookups by key.',
  'Logs rotate once a week.',
  'Receipts list taxes separately.',
  'Refunds take five working days.',
  'Themes change the colours of the console.',
  'Webhooks retry three times.',
  'Exports are limited to a million lines.',
  'Teams share one billing account.',
  'Labels group related tickets.',
].map((text, i) => ({ name: `other-${i}.md`, text: `# Other ${i}\n\n${text}` }));

const passages = (found: { document: string; headings: string[] }[]) => found.map((c) => `${c.document} › ${c.headings.at(-1)}`);
const pages = (found: { document: string }[]) => [...new Set(found.map((c) => c.document))];

it("shows the page's passage that answers the question first, and ranks the pages as before", async () => {
  const found = await lexicalRetrieval(db(), 'passage choice', [healthCheck, ...others], 'How often does the pool check that the servers are still alive?');
  const [before, after] = [await found({ passageWeight: 0 }), await found({})];
  // Ranked by the fused score alone, the passages saying "check" and "servers" most come first.
  expect(passages(before).slice(0, 2)).not.toContain('health-check.md › health_check_period');
  expect(passages(after)[0]).toBe('health-check.md › health_check_period');
  expect(pages(after)).toEqual(pages(before));
});

it('shows no more passages of a page than were found', async () => {
  // With half the other pages "check" is in a quarter of the chunks: passages saying only it are no
  // candidates, and a page found by two passages is shown by two, not filled up with its others.
  const found = await lexicalRetrieval(db(), 'passage choice, as many passages as found', [healthCheck, ...others.slice(0, 8)], 'How often does the pool check that the servers are still alive?');
  const [before, after] = [await found({ passageWeight: 0 }), await found({})];
  const ofPage = (xs: { document: string }[]) => xs.filter((c) => c.document === 'health-check.md').length;
  expect(ofPage(before)).toBe(2);
  expect(ofPage(after)).toBe(2);
  expect(pages(after)).toEqual(pages(before));
});

it('leaves the passages as fused for a page whose passages the question tells no better apart', async () => {
  const found = await lexicalRetrieval(db(), 'passage choice, nothing to tell apart', [healthCheck, ...others], 'health check');
  expect(passages(await found({}))).toEqual(passages(await found({ passageWeight: 0 })));
});

it('shows the passage that says a name the question gives verbatim, over passages saying its words more', async () => {
  // A module's page says its own words (tar, archive, file) in every passage: the one passage
  // defining the function asked for by name says them least.
  const tarfile = {
    name: 'tarfile.md',
    text: [
      '# tarfile',
      '## Checking archives\n\nTo check whether a tar archive file is whole, check the file with the tar command: it checks whether each file of the tar archive can be read.',
      '## Listing\n\nThe tar command lists the files of a tar archive file, one file per line, and checks each file header.',
      '## Compression\n\nA tar archive file may be compressed; check whether the file ends in .gz before you read the archive.',
      '## Members\n\nEach file in a tar archive is a member; a member records the file name, size and mode of the archived file.',
      '## Functions\n\ntarfile.is_tarfile(name)\n\nReturn True if name is one the module can open.',
    ].join('\n\n'),
  };
  const found = await lexicalRetrieval(db(), 'passage choice, a name said verbatim', [tarfile, ...others], 'How do I check whether a file is a tar archive with tarfile.is_tarfile?');
  expect(passages(await found({})).filter((p) => p.startsWith('tarfile.md'))).toContain('tarfile.md › Functions');
});
