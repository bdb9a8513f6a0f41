// The links a page makes to other pages, with the sentence each sits in, and the documents they
// point at: retrieval ranks a page by what the others say of it (knowledge/mentions.ts).
import { pageLinks } from '../../knowledge/parsers/htmlLinks.js';
import { parseMarkdown } from '../../knowledge/parsers/markdown.js';
import { linkTargets } from '../../knowledge/linkTargets.js';

const page = `<html><body>
<div class="NAVHEADER"><a href="prev.html">Prev</a> <a href="next.html">Next</a></div>
<nav><a href="index.html">Contents</a></nav>
<div class="body" role="main">
  <p>Nodes go down now and then. Once it is healthy again, put the node back into service with <a href="pcp-attach-node.html#options">pcp_attach_node</a>. Other tools exist.</p>
  <ul><li><a href="pg-md5.html">pg_md5</a> -- produces encrypted password in md5</li></ul>
  <table><tr><td><a href="pcp-detach-node.html">pcp_detach_node</a></td><td>detaches a node</td></tr></table>
  <p>See <a href="#top">above</a>, mail <a href="mailto:a@b.c">us</a> or read <a href="https://example.org/faq.html">the FAQ</a>.</p>
</div>
<div class="navfooter"><a href="next.html">Next</a></div>
</body></html>`;

it('reads each link outside the navigation with the sentence it sits in', () => {
  expect(pageLinks(page)).toEqual([
    { href: 'pcp-attach-node.html#options', context: 'Once it is healthy again, put the node back into service with pcp_attach_node.' },
    { href: 'pg-md5.html', context: 'pg_md5 -- produces encrypted password in md5' },
    // A table cell's row says what the link in it is.
    { href: 'pcp-detach-node.html', context: 'pcp_detach_node | detaches a node' },
    { href: 'https://example.org/faq.html', context: 'See above, mail us or read the FAQ.' },
  ]);
});

it("reads a Markdown page's links the same way, in its paragraphs, lists, quotes and tables, never in code", () => {
  const markdown = [
    '# Failover',
    '',
    'Nodes go down now and then. Once it is healthy again, put the node back into service with [pcp_attach_node](pcp-attach-node.md#options). Other tools exist.',
    '',
    '- **[pg_md5][md5]** produces an encrypted password',
    '- tips:',
    '  > See [the watchdog](watchdog.md) for clusters.',
    '',
    '| tool | does |',
    '|---|---|',
    '| [pcp_detach_node](pcp-detach-node.md) | detaches a node |',
    '',
    'See [above](#top), mail <mailto:a@b.c> or read <https://example.org/faq.html>.',
    '',
    '<p>Raw HTML: <a href="raw.md">a raw link</a>.</p>',
    '',
    '```',
    '[not a link](code.md)',
    '```',
    '',
    'Inline `[code](span.md)` is no link either.',
    '',
    '[md5]: pg-md5.md',
  ].join('\n');
  expect(parseMarkdown(Buffer.from(markdown), 'failover.md').links).toEqual([
    { href: 'pcp-attach-node.md#options', context: 'Once it is healthy again, put the node back into service with pcp_attach_node.' },
    { href: 'pg-md5.md', context: 'pg_md5 produces an encrypted password' },
    { href: 'watchdog.md', context: 'See the watchdog for clusters.' },
    { href: 'pcp-detach-node.md', context: 'pcp_detach_node | detaches a node' },
    { href: 'https://example.org/faq.html', context: 'See above, mail mailto:a@b.c or read https://example.org/faq.html.' },
    { href: 'raw.md', context: 'Raw HTML: a raw link.' },
  ]);
});

it.each([
  {
    found: "an uploaded page's targets by name, next to it, dropping links off the project and to itself",
    doc: { name: 'library/csv.html', sourceUrl: null },
    links: [
      { href: 're.html#re.sub', context: 'Use re.sub to replace.' },
      { href: '../tutorial/index.html', context: 'Start with the tutorial.' },
      { href: 'csv.html#top', context: 'This page.' },
      { href: 'https://docs.python.org/3/library/os.html', context: 'Elsewhere.' },
      { href: 're.html', context: 'Use re.sub to replace.' },
    ],
    targets: [
      { target: 'library/re.html', context: 'Use re.sub to replace.' },
      { target: 'tutorial/index.html', context: 'Start with the tutorial.' },
    ],
  },
  {
    found: "a fetched page's targets by address, on its own site only",
    doc: { name: 'pcp.html', sourceUrl: 'https://docs.example.com/docs/pcp.html' },
    links: [
      { href: 'pg-md5.html#x', context: 'Make a password with pg_md5.' },
      { href: '/docs/other.html', context: 'Other.' },
      { href: 'https://elsewhere.example/page.html', context: 'Not ours.' },
    ],
    targets: [
      { target: 'https://docs.example.com/docs/pg-md5.html', context: 'Make a password with pg_md5.' },
      { target: 'https://docs.example.com/docs/other.html', context: 'Other.' },
    ],
  },
])('finds $found', ({ doc, links, targets }) => {
  expect(linkTargets(links, doc)).toEqual(targets);
});

it.each([
  { format: 'HTML', links: (words: string[]) => pageLinks(`<p>${words.map((w, i) => `See <a href="p${i}.html">${w}</a> for it.`).join(' ')}</p>`) },
  { format: 'Markdown', links: (words: string[]) => parseMarkdown(Buffer.from(words.map((w, i) => `See [${w}](p${i}.md) for it.`).join(' ')), 'index.md').links! },
])('reads the first 1,000 links of a $format paragraph of 20,000, each with its own sentence', ({ links }) => {
  // Each block is split into sentences once, not once per link: split per link, Markdown's 20,000
  // ran the heap out at 4 GB (5,000 took 13 s; HTML's 5,000 took 4.7 s).
  const words = Array.from({ length: 20_000 }, (_, i) => `topic${i}`);
  const read = links(words);
  expect(read).toHaveLength(1_000);
  expect(read.every((l, i) => l.context === `See ${words[i]} for it.`)).toBe(true);
});
