// A section several pages include (Git's pretty formats sit in git-log, git-show and git-rev-list)
// takes one place of the top five, not one per page: the other places go to other passages.
import { closeDb, db } from '../stack/context.js';
import { lexicalRanking } from './ingestDirect.js';

afterAll(closeDb);

const SHARED = '## Placeholders\n\nThe placeholder %an prints the author name and %ae prints the author email of each commit in the formatted output.';

it('gives a text five pages share one place in the top five, and the next places to other passages', async () => {
  const copies = ['log', 'show', 'rev-list', 'whatchanged', 'reflog'].map((c) => ({ name: `git-${c}.md`, text: `# git ${c}\n\n${SHARED}` }));
  const other = { name: 'git-shortlog.md', text: '# git shortlog\n\n## Grouping\n\nGroups each commit by its author name before printing the summary.' };
  const ranked = await lexicalRanking(db(), 'shared sections', [...copies, other], 'How do I print the author name of each commit?');
  const top = await ranked({});
  expect(top).toHaveLength(5);
  // The shared text leads once; the page that only says some of the words comes next.
  expect(copies.map((c) => c.name)).toContain(top[0]);
  expect(top[1]).toBe('git-shortlog.md');
  // Nothing else is left, so the other copies fill the rest, best first.
  expect(top.slice(2).every((d) => copies.some((c) => c.name === d))).toBe(true);
});

it('keeps passages that only share a phrase apart: each page explains it its own way', async () => {
  const pages = ['alpha', 'beta', 'gamma'].map((n, i) => ({
    name: `${n}.md`,
    text: `# ${n}\n\n## Author\n\nThe author name of each commit is printed ${['in bold', 'after the date', 'once per group'][i]}, and ${['colours follow the theme', 'dates use the local zone', 'groups are sorted by size'][i]}.`,
  }));
  const weaker = ['delta', 'epsilon'].map((n) => ({ name: `${n}.md`, text: `# ${n}\n\n## Names\n\nEvery commit keeps a name for its author.` }));
  const top = await (await lexicalRanking(db(), 'distinct sections', [...pages, ...weaker], 'How is the author name of each commit printed?'))({});
  // Taken for copies, two of them would have been put after the weaker pages.
  expect(top.slice(0, 3).sort()).toEqual(['alpha.md', 'beta.md', 'gamma.md']);
});
