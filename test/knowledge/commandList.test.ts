// The command list in retrieval: a question asking for a command to run finds the command's
// reference page (a manual page's Name and Synopsis), which shares few of its words, before the
// pages on what the command would change.
import { closeDb, db } from '../stack/context.js';
import { lexicalRanking } from './ingestDirect.js';

afterAll(closeDb);

const pages = [
  {
    name: 'reloading.md',
    text: '# Configuration\n\n## Reloading settings\n\nEdited settings are picked up by every server of the cluster once it reloads them, without a restart. Most settings can be picked up so; a few need every server to restart.',
  },
  {
    name: 'pcp-reload-config.md',
    text: '# pcp_reload_config\n\n## Name\n\npcp_reload_config -- reloads the configuration file on all nodes\n\n## Synopsis\n\n```\npcp_reload_config [options...]\n```\n\n## Description\n\npcp_reload_config asks each server to read its settings file again.',
  },
  ...['Invoices are sent monthly by email.', 'Orders ship within two days.', 'Passwords expire after a year.', 'Reports export as spreadsheets.'].map((text, i) => ({ name: `other-${i}.md`, text: `# Other\n\n${text}` })),
];

it('ranks the command reference page first for a question asking for a command, only with the command list on (as by default)', async () => {
  const ranked = await lexicalRanking(db(), 'command list', pages, 'Is there one command that makes every server pick up my edited settings without a restart?');
  // The page on reloading says the question's words; the command's page says few of them.
  expect((await ranked({ commandWeight: 0 }))[0]).toBe('reloading.md');
  expect((await ranked({}))[0]).toBe('pcp-reload-config.md');
});

it('leaves the ranking alone for a question that does not ask for a command', async () => {
  const ranked = await lexicalRanking(db(), 'command list, no command asked', pages, 'Which setting makes every server pick up my edited settings without a restart?');
  expect(await ranked({})).toEqual(await ranked({ commandWeight: 0 }));
  expect((await ranked({}))[0]).toBe('reloading.md');
});
