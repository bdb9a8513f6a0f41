// The mention list in retrieval: a page is found by what the other pages say where they link to
// it, in words its own text does not use.
import { closeDb, db } from '../stack/context.js';
import { lexicalRanking } from './ingestDirect.js';
import { createDocument, deleteDocumentRow } from '../../store/documents.js';
import { createProject } from '../../store/projects.js';
import { replaceChunks } from '../../store/chunks.js';
import { MentionIndex } from '../../knowledge/mentions.js';
import { linkTargets } from '../../knowledge/linkTargets.js';

afterAll(closeDb);

// Each page's title and text; a link is written [text](page) and given in each format's own way.
const specs = [
  // The page asked about says what it does in its own words only.
  { page: 'pcp-attach-node', title: 'pcp_attach_node', body: 'pcp_attach_node attaches the given node to Pgpool-II.' },
  // Pages that say the question's words, about other things.
  { page: 'failover', title: 'Failover', body: 'When a backend goes down it is detached. Once it is healthy again, put the node back into service with [pcp_attach_node](pcp-attach-node).' },
  { page: 'health-check', title: 'Health check', body: 'A health check tells whether each node is healthy. A node that is not healthy is taken out of service.' },
  { page: 'maintenance', title: 'Maintenance', body: 'Take a node out of service before maintenance, and back into service afterwards; clients are moved away from it.' },
  ...['Logging', 'Caching', 'Watchdog', 'Memory'].map((t, i) => ({ page: `other-${i}`, title: t, body: `${t} settings of Pgpool-II.` })),
];
const LINK = /\[(.*?)\]\((.*?)\)/g;
const pages = specs.map((s) => ({ name: `${s.page}.html`, text: `<html><head><title>${s.title}</title></head><body><h1>${s.title}</h1><p>${s.body.replace(LINK, '<a href="$2.html">$1</a>')}</p></body></html>` }));
const markdownPages = specs.map((s) => ({ name: `${s.page}.md`, text: `# ${s.title}\n\n${s.body.replace(LINK, '[$1]($2.md)')}\n` }));

const question = 'A node is healthy again; how do I put it back into service?';

it('finds a page by what the pages linking to it say, only with the mention list on (as by default)', async () => {
  const ranked = await lexicalRanking(db(), 'mention list', pages, question, 'html');
  // Its own text shares only "node" with the question, which half the pages say: no candidate.
  expect(await ranked({ mentionWeight: 0 })).not.toContain('pcp-attach-node.html');
  const on = await ranked({});
  expect(on).toContain('pcp-attach-node.html');
  // The pages that say the question's words stay ahead of a page found by its description alone.
  expect(on.slice(0, 3).sort()).toEqual(['failover.html', 'health-check.html', 'maintenance.html']);
});

it('reads what Markdown pages say where they link, as it reads HTML pages', async () => {
  const ranked = await lexicalRanking(db(), 'mention list, Markdown', markdownPages, question, 'markdown');
  expect(await ranked({ mentionWeight: 0 })).not.toContain('pcp-attach-node.md');
  expect(await ranked({})).toContain('pcp-attach-node.md');
});

it('forgets what a page said of another once that page is deleted', async () => {
  const ranked = await lexicalRanking(db(), 'mention list, linking page deleted', pages, question, 'html');
  const before = await ranked({});
  const { rows } = await db().query<{ id: string }>(`SELECT d.id FROM documents d JOIN projects p ON p.id = d.project_id WHERE p.name = $1 AND d.name = 'failover.html'`, ['mention list, linking page deleted']);
  await deleteDocumentRow(db(), rows[0]!.id);
  const after = await ranked({});
  expect(before).toContain('pcp-attach-node.html');
  expect(after).not.toContain('failover.html');
  expect(after).not.toContain('pcp-attach-node.html');
});

it("finds fetched pages by their address, and uploaded ones by their name, in one project", async () => {
  const pool = db();
  const project = await createProject(pool, 'mention list, fetched and uploaded');
  const page = async (name: string, sourceUrl: string | null, links: { href: string; context: string }[]) => {
    const doc = await createDocument(pool, { projectId: project.id, name, kind: 'html', sourceUrl, content: null, contentHash: null });
    await replaceChunks(pool, project.id, doc.id, [{ index: 0, text: name, headings: [], tokenCount: 1 }], linkTargets(links, doc));
    return doc.id;
  };
  const attach = await page('attach.html', 'https://docs.example.com/attach.html', []);
  const md5 = await page('pg-md5.html', null, []);
  await page('failover.html', 'https://docs.example.com/failover.html', [{ href: 'attach.html', context: 'Put the node back into service with pcp_attach_node.' }]);
  await page('setup.html', null, [{ href: 'pg-md5.html', context: 'Make an encrypted password with pg_md5.' }]);
  const mentions = new MentionIndex({ sql: pool });
  expect((await mentions.rank(project.id, 'How do I put a node back into service?')).map((m) => m.documentId)).toEqual([attach]);
  expect((await mentions.rank(project.id, 'How do I make an encrypted password?')).map((m) => m.documentId)).toEqual([md5]);
});

