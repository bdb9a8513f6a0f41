// The links a page makes to other pages, with the sentence each sits in, and the documents they
// point at: retrieval ranks a page by what the others say of it (knowledge/mentions.ts).
import { pageLinks } from '../../knowledge/parsers/htmlLinks.js';
import { linkTargets } from '../../knowledge/linkTargets.js';

const page = `<html><body>
<div class="NAVHEADER"><a href="prev.html">Prev</a> <a href="next.html">Next</a></div>
<nav><a href="index.html">Contents</a></nav>
<div class="body" role="main">
  <p>Nodes go down now and then. Once it is healthy again, put the node back into service with <a href="pcp-attach-node.html#options">pcp_attach_node</a>. Other tools exist.</p>
  <ul><li><a href="pg-md5.html">pg_md5</a> -- produces encrypted password in md5</li></ul>
  <p>See <a href="#top">above</a>, mail <a href="mailto:a@b.c">us</a> or read <a href="https://example.org/faq.html">the FAQ</a>.</p>
</div>
<div class="navfooter"><a href="next.html">Next</a></div>
</body></html>`;

it('reads each link outside the navigation with the sentence it sits in', () => {
  expect(pageLinks(page)).toEqual([
    { href: 'pcp-attach-node.html#options', context: 'Once it is healthy again, put the node back into service with pcp_attach_node.' },
    { href: 'pg-md5.html', context: 'pg_md5 -- produces encrypted password in md5' },
    { href: 'https://example.org/faq.html', context: 'See above, mail us or read the FAQ.' },
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
