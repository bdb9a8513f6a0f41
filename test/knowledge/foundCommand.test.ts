// Retrieval gives each found chunk of a reference page the command the page documents as its
// synopsis types it, where the page's name spells it otherwise, and the ask's passage carries it.
import { knowledgePassage } from '../../interface/ask.js';
import { closeDb, db } from '../stack/context.js';
import { lexicalRetrieval } from './ingestDirect.js';

afterAll(closeDb);

const pages = [
  {
    name: 'git-show.md',
    text: '# git-show(1)\n\n## NAME\n\ngit-show - Show various types of objects\n\n## SYNOPSIS\n\n```\ngit show [<options>] [<object>…]\n```\n\n## DESCRIPTION\n\nShows one or more objects. For commits it shows the log message and textual diff.',
  },
  {
    name: 'pcp-node-info.md',
    text: '# pcp_node_info\n\n## Synopsis\n\n```\npcp_node_info [options...] [node_id]\n```\n\n## Description\n\npcp_node_info shows the log message of a node and its status.',
  },
  { name: 'log.md', text: '# Logging\n\nEach commit has a log message; the diff is shown apart.' },
];

it("gives a manual page's chunks its command as typed, and none to a page named as typed or a page without a synopsis", async () => {
  const found = await (await lexicalRetrieval(db(), 'page commands', pages, 'How do I see the log message and diff of a commit?'))({});
  const byPage = new Map(found.map((c) => [c.document, c]));
  expect([...byPage.keys()].sort()).toEqual(['git-show.md', 'log.md', 'pcp-node-info.md']);
  expect(byPage.get('git-show.md')!.command).toBe('git show');
  expect(byPage.get('pcp-node-info.md')!.command).toBeUndefined();
  expect(byPage.get('log.md')!.command).toBeUndefined();
  expect(knowledgePassage(byPage.get('git-show.md')!).command).toBe('git show');
  expect(knowledgePassage(byPage.get('log.md')!)).not.toHaveProperty('command');
});

it('gives the same commands where the passages of the pages found were not read (the choice of passages off): their synopses are read for them', async () => {
  const found = await (await lexicalRetrieval(db(), 'page commands, passages unread', pages, 'How do I see the log message and diff of a commit?'))({ passageWeight: 0 });
  const byPage = new Map(found.map((c) => [c.document, c.command]));
  expect(byPage).toEqual(new Map([['git-show.md', 'git show'], ['pcp-node-info.md', undefined], ['log.md', undefined]]));
});
