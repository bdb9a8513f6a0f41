import { readFile } from 'node:fs/promises';
import { detectKind, parseDocument } from '../../knowledge/parse.js';
import { buildPdf } from './pdfFixture.js';
import type { ParsedDocument } from '../../knowledge/types.js';

const fixture = (name: string) => readFile(new URL(`./fixtures/${name}`, import.meta.url));

type Section = ParsedDocument['sections'][number];
const withoutDefinitions = ({ definitions: _, ...section }: Section) => section;
/** Each definition's term and the text it defines, read back from its span. */
const definitionsOf = (s: Section) => (s.definitions ?? []).map((d) => ({ term: d.term, defines: s.text.slice(d.start, d.end).trim() }));

describe('parseDocument: text', () => {
  it('is one section titled by the name, newlines normalised, paragraphs kept', async () => {
    const doc = await parseDocument('text', await fixture('notes.txt'), 'notes.txt');
    expect(doc).toEqual({
      title: 'notes.txt',
      sections: [{ headings: [], text: 'Release notes\n\nVersion 2 adds streaming answers.\nIt also adds tools.\n\nVersion 1 was the first release.' }],
    });
  });

  it('has no sections for blank input, and reads Windows-1252 bytes that are not UTF-8', async () => {
    expect((await parseDocument('text', Buffer.from(' \n\n '), 'blank.txt')).sections).toEqual([]);
    const doc = await parseDocument('text', Buffer.from([0x63, 0x61, 0x66, 0xe9]), 'latin.txt'); // "café" in Windows-1252
    expect(doc.sections[0]!.text).toBe('café');
  });
});

describe('parseDocument: markdown', () => {
  it('makes a section per heading under the path of enclosing headings, titled by the first h1', async () => {
    const doc = await parseDocument('markdown', await fixture('guide.md'), 'guide.md');
    expect(doc.title).toBe('Billing Guide');
    expect(doc.sections.map((s) => s.headings)).toEqual([
      ['Billing Guide'],
      ['Billing Guide', 'Refunds'],
      ['Billing Guide', 'Refunds', 'Outage credits'],
      ['Billing Guide', 'Invoices'],
      ['Appendix'],
    ]);
  });

  it('keeps paragraphs, lists, tables, code and quotes as plain text without markup', async () => {
    const [intro, refunds, credits, invoices, appendix] = (await parseDocument('markdown', await fixture('guide.md'), 'guide.md')).sections;
    expect(intro!.text).toBe('Askflow bills monthly or annually. See the pricing page & FAQ.');
    expect(refunds!.text).toBe('Refunds are issued within 14 days of a charge.\n\n- Annual plans: prorated\n- Monthly plans: none\n  - except for outages');
    expect(credits!.text).toBe('Outage | Credit\n1 hour | 5%\n1 day | 50%');
    expect(invoices!.text).toBe('askflow invoices list --year 2024\n\nInvoices are emailed on the first of the month.');
    expect(appendix!.text).toBe('Contact billing@example.com.');
  });

  it("reads Markdown nested deeper than marked's lexer can go as the plain text it also is", async () => {
    const doc = await parseDocument('markdown', Buffer.from(`${'>'.repeat(5000)} The deepest quote keeps its words.`), 'deep.md');
    expect(doc.title).toBe('deep.md');
    expect(doc.sections).toHaveLength(1);
    expect(doc.sections[0]!.text).toMatch(/>+ The deepest quote keeps its words\.$/);
  });

  it("decodes the entities people write, and leaves a name that is no entity as written (not Object's own)", async () => {
    const doc = await parseDocument('markdown', Buffer.from('Use &lt;b&gt; &amp; &constructor; or &valueOf; &#65;.'), 'e.md');
    expect(doc.sections[0]!.text).toBe('Use <b> & &constructor; or &valueOf; A.');
  });

  it('drops YAML front matter and falls back to the name without an h1', async () => {
    const doc = await parseDocument('markdown', Buffer.from('---\ntitle: x\n---\n## Only h2\n\nBody.'), 'notes.md');
    expect(doc).toEqual({ title: 'notes.md', sections: [{ headings: ['Only h2'], text: 'Body.' }], links: [] });
  });

  it('reads raw HTML blocks as their text', async () => {
    const doc = await parseDocument('markdown', Buffer.from('# T\n\n<div><h3>Note</h3><p>Raw &amp; <b>bold</b>.</p><script>x()</script></div>\n'), 'x.md');
    expect(doc.sections).toEqual([{ headings: ['T'], text: 'Note\n\nRaw & bold.' }]);
  });

  it('puts text before the first heading in a section without headings', async () => {
    const doc = await parseDocument('markdown', Buffer.from('Preamble.\n\n# Title\n\nBody.'), 'x.md');
    expect(doc.sections).toEqual([
      { headings: [], text: 'Preamble.' },
      { headings: ['Title'], text: 'Body.' },
    ]);
  });
});

describe('parseDocument: html', () => {
  it('titles by <title>, sections at h1–h6 with heading paths', async () => {
    const doc = await parseDocument('html', await fixture('page.html'), 'page.html');
    expect(doc.title).toBe('Askflow & Support');
    expect(doc.sections.map((s) => s.headings)).toEqual([
      ['Support Center'],
      ['Support Center', 'Contacting us'],
      ['Support Center', 'Contacting us', 'Response times'],
      ['Support Center', 'Status'],
    ]);
    expect(doc.sections[0]!.text).toBe('Welcome to the support center. We answer within one business day.');
    expect(doc.sections[1]!.text).toBe('Email help@example.com for help.\n\n- Phone: weekdays\n- Chat: always');
    expect(doc.sections[2]!.text).toBe('Plan | Time\nFree | 3 days\nPro | 4 hours');
  });

  it("keeps a reference page's title at the root of the sections that sit beside its heading (DocBook's Synopsis, Description, Parameters)", async () => {
    const refentry = `<html><head><title>CREATE INDEX</title></head><body><div class="refentry"><div class="refnamediv"><h2><span class="refentrytitle">CREATE INDEX</span></h2><p>CREATE INDEX — define a new index</p></div>
      <div class="refsynopsisdiv"><h2>Synopsis</h2><pre>CREATE [ UNIQUE ] INDEX name ON table_name</pre></div>
      <div class="refsect1"><h2>Parameters</h2><dl><dt>CONCURRENTLY</dt><dd><p>Builds the index without locking out writes.</p></dd></dl>
      <div class="refsect2"><h3>Storage Parameters</h3><p>Each index method has its own.</p></div></div></div></body></html>`;
    expect((await parseDocument('html', Buffer.from(refentry), 'sql-createindex.html')).sections.map((s) => s.headings)).toEqual([
      ['CREATE INDEX'],
      ['CREATE INDEX', 'Synopsis'],
      ['CREATE INDEX', 'Parameters'],
      ['CREATE INDEX', 'Parameters', 'Storage Parameters'],
    ]);
    // A first heading that is not the title roots nothing: its siblings keep their own paths.
    const guide = `<html><head><title>Guide</title></head><body><h2>Install</h2><p>Run it.</p><h2>Use</h2><p>Ask.</p></body></html>`;
    expect((await parseDocument('html', Buffer.from(guide), 'guide.html')).sections.map((s) => s.headings)).toEqual([['Install'], ['Use']]);
  });

  it('drops script, style, noscript and nav', async () => {
    const all = JSON.stringify(await parseDocument('html', await fixture('page.html'), 'page.html'));
    for (const hidden of ['TRACKING-SCRIPT-TEXT', 'INLINE-SCRIPT-TEXT', 'NAVIGATION-LINK-TEXT', 'NOSCRIPT-TEXT', 'font-family']) {
      expect(all).not.toContain(hidden);
    }
  });

  // The shapes real documentation generators give their pages (Sphinx, DocBook, MkDocs and
  // Docusaurus-like themes): the site's chrome around the page's own text is not the page's words.
  it('indexes only the main content of a page that marks it, and none of the site chrome around it', async () => {
    const sphinx = `<html><head><title>Logging HOWTO</title></head><body>
      <div class="related" role="navigation"><h3>Navigation</h3><ul><li><a href="i.html">index</a></li><li><a href="n.html">NEXT-PAGE-TITLE</a> |</li></ul></div>
      <div class="sphinxsidebar" role="navigation"><h3>Table of Contents</h3><ul><li>SIDEBAR-ENTRY</li></ul>
        <div id="searchbox" role="search"><form><input type="text" name="q"><input type="submit" value="Go"></form></div></div>
      <div class="body" role="main"><section id="logging-howto"><h1>Logging HOWTO<a class="headerlink" href="#logging-howto" title="Permalink">¶</a></h1>
        <p>Logging is a means of tracking events.</p><div class="highlight"><pre>import logging</pre></div><button class="copybutton">COPY-BUTTON</button>
        <section><h2>When to use logging<a class="headerlink" href="#when">¶</a></h2><p>Use it for diagnostics.</p></section></section></div>
      <div class="footer" role="contentinfo">&copy; COPYRIGHT-LINE</div></body></html>`;
    const doc = await parseDocument('html', Buffer.from(sphinx), 'howto.html');
    expect(doc.title).toBe('Logging HOWTO');
    expect(doc.sections).toEqual([
      // Where the code is, for chunking: a line of code is no definition's term.
      { headings: ['Logging HOWTO'], text: 'Logging is a means of tracking events.\n\nimport logging', code: [{ start: 40, end: 54 }] },
      { headings: ['Logging HOWTO', 'When to use logging'], text: 'Use it for diagnostics.' },
    ]);

    const docbook = `<html><body><div class="navheader"><table><tr><th colspan="3">PREVIOUS-CHAPTER-TITLE</th></tr><tr><td><a href="p.html">Prev</a></td><td><a href="n.html">Next</a></td></tr></table><hr></div>
      <div class="sect1"><h2 class="title">2.3. Installing</h2><p>Run the installer.</p></div>
      <div class="navfooter"><hr><table><tr><td>FOLLOWING-CHAPTER-TITLE</td></tr></table></div></body></html>`;
    expect((await parseDocument('html', Buffer.from(docbook), 'install.html')).sections).toEqual([{ headings: ['2.3. Installing'], text: 'Run the installer.' }]);
    // The older DSSSL stylesheets (PostgreSQL's manual before version 10, pgpool-II's today) write tags and classes in capitals.
    const dsssl = `<HTML><BODY CLASS="REFENTRY"><DIV CLASS="NAVHEADER"><TABLE><TR><TH COLSPAN="4">UPPER-BOOK-TITLE</TH></TR><TR><TD><A HREF="p.html" ACCESSKEY="P">Prev</A></TD><TD><A HREF="u.html">Up</A></TD></TR></TABLE><HR></DIV>
      <H1><A NAME="SQL-SET"></A>PGPOOL SET</H1><DIV CLASS="REFSECT1"><H2>Description</H2><P>Changes a parameter.</P></DIV>
      <DIV CLASS="NAVFOOTER"><HR><TABLE><TR><TD>UPPER-NEXT-TITLE</TD><TD>Home</TD></TR></TABLE></DIV></BODY></HTML>`;
    expect((await parseDocument('html', Buffer.from(dsssl), 'set.html')).sections).toEqual([{ headings: ['PGPOOL SET', 'Description'], text: 'Changes a parameter.' }]);

    const themed = `<html><body><header class="site-header"><a href="/">SITE-NAME</a></header><nav>MENU</nav>
      <main><article><header><h1>Configuration</h1></header><p>Set the <code>port</code> option.</p>
        <aside class="note"><p>The port must be free.</p></aside></article></main>
      <aside class="toc">PAGE-TOC-ENTRY</aside><footer>FOOTER-TEXT</footer></body></html>`;
    expect((await parseDocument('html', Buffer.from(themed), 'config.html')).sections).toEqual([
      { headings: ['Configuration'], text: 'Set the port option.\n\nThe port must be free.' },
    ]);
    for (const chrome of ['NEXT-PAGE-TITLE', 'SIDEBAR-ENTRY', 'Go', 'COPY-BUTTON', 'COPYRIGHT-LINE', 'PREVIOUS-CHAPTER-TITLE', 'FOLLOWING-CHAPTER-TITLE', 'SITE-NAME', 'PAGE-TOC-ENTRY', 'FOOTER-TEXT', '¶']) {
      expect(JSON.stringify([doc, await parseDocument('html', Buffer.from(docbook), 'i.html'), await parseDocument('html', Buffer.from(themed), 'c.html')])).not.toContain(chrome);
    }
  });

  it("drops a permalink mark beside a definition's term or a signature, but keeps in-page links' words", async () => {
    const html = `<html><body><h2>Memory</h2><dl class="variablelist">
      <dt id="GUC-WORK-MEM"><span class="term"><code class="varname">work_mem</code> (<code class="type">integer</code>) <a class="indexterm" name="i1"></a></span> <a href="#GUC-WORK-MEM" class="id_link">#</a></dt>
      <dd><p>The memory one sort may use; see <a href="#GUC-WORK-MEM">work_mem</a> and <a href="#notes">#notes</a>.</p></dd>
      <dt class="sig" id="mod.f"><code>mod.f(x)</code><a class="headerlink" href="#mod.f" title="Link to this definition">¶</a></dt><dd><p>Returns x.</p></dd></dl></body></html>`;
    const sections = (await parseDocument('html', Buffer.from(html), 'memory.html')).sections;
    expect(sections.map(withoutDefinitions)).toEqual([
      { headings: ['Memory'], text: 'work_mem (integer)\n\nThe memory one sort may use; see work_mem and #notes.\n\nmod.f(x)\n\nReturns x.' },
    ]);
    expect(definitionsOf(sections[0]!)).toEqual([
      { term: 'work_mem (integer)', defines: 'The memory one sort may use; see work_mem and #notes.' },
      { term: 'mod.f(x)', defines: 'Returns x.' },
    ]);
  });

  it("sets a definition list's terms one to a line and each definition apart, so neither runs into the next", async () => {
    const html = `<html><body><h2>Items</h2><dl><dt>nproc</dt><dd>maximum number of processes</dd><dt>-q</dt><dt>--quiet</dt><dd><p>Print nothing.</p></dd></dl>
      <div class="toc"><dl class="toc"><dt><a href="a.html">6.1. pam_access - access control</a></dt><dd><dl><dt><a href="a.html#d">6.1.1. DESCRIPTION</a></dt></dl></dd></dl></div></body></html>`;
    const sections = (await parseDocument('html', Buffer.from(html), 'items.html')).sections;
    expect(sections.map(withoutDefinitions)).toEqual([
      { headings: ['Items'], text: 'nproc\n\nmaximum number of processes\n\n-q\n--quiet\n\nPrint nothing.\n\n6.1. pam_access - access control\n6.1.1. DESCRIPTION' },
    ]);
    // Two terms of one definition are named together; a term with no definition defines nothing, nor does a contents' entry.
    expect(definitionsOf(sections[0]!).map((d) => d.term)).toEqual(['nproc', '-q, --quiet']);
  });

  it("gives each definition's span, a list inside a definition within it, and the outer definition going on after the inner list", async () => {
    // pgpool-II's health_check_password as its DocBook page sets it (tags in capitals, a list of password forms inside).
    const html = `<HTML><BODY><H2>5.8. Health Check</H2><DIV CLASS="VARIABLELIST"><DL>
      <DT><TT CLASS="VARNAME">health_check_password</TT> (<TT CLASS="TYPE">string</TT>)</DT>
      <DD><P>Specifies the password.</P><P>Pgpool-II accepts following forms of password:</P>
        <DIV CLASS="VARIABLELIST"><DL><DT>MD5 hashed password</DT><DD><P>Prefixed with MD5.</P></DD>
        <DT>Plain text password</DT><DD><P>Prefixed with TEXT.</P></DD></DL></DIV>
        <P>This parameter can be changed by reloading the configurations.</P></DD>
      <DT><TT CLASS="VARNAME">health_check_database</TT> (<TT CLASS="TYPE">string</TT>)</DT><DD><P>The database to check.</P></DD></DL></DIV>
      <P>After the list.</P>
      <BLOCKQUOTE><DL><DT>
        -q<BR>--quiet</DT><DD><P>Quiet.</P></DD></DL></BLOCKQUOTE><P>After the quote.</P></BODY></HTML>`;
    const [section] = (await parseDocument('html', Buffer.from(html), 'runtime-config-health-check.html')).sections;
    // The marks leave nothing in the text: no space before "-q", no quote's line of its own around the list.
    // A term of two lines (DocBook's "-q<br>--quiet") is both its names.
    expect(section!.text).toBe(
      [
        'health_check_password (string)',
        'Specifies the password.',
        'Pgpool-II accepts following forms of password:',
        'MD5 hashed password',
        'Prefixed with MD5.',
        'Plain text password',
        'Prefixed with TEXT.',
        'This parameter can be changed by reloading the configurations.',
        'health_check_database (string)',
        'The database to check.',
        'After the list.',
        '> -q\n> --quiet\n>\n> Quiet.',
        'After the quote.',
      ].join('\n\n'),
    );
    const defined = definitionsOf(section!);
    expect(defined.map((d) => d.term)).toEqual(['health_check_password (string)', 'MD5 hashed password', 'Plain text password', 'health_check_database (string)', '-q, --quiet']);
    expect(defined[0]!.defines).toMatch(/^Specifies the password\.[\s\S]*Prefixed with TEXT\.\n\nThis parameter can be changed by reloading the configurations\.$/);
    expect(defined[2]!.defines).toBe('Prefixed with TEXT.');
    expect(defined[3]!.defines).toBe('The database to check.');
    expect(defined[4]!.defines).toMatch(/^>\n> Quiet\.$/); // inside the quote, behind its marks
  });

  it("keeps a DocBook admonition's title as a line of the section, not a heading that would cut it", async () => {
    const html = `<html><body><div class="refsect1"><h2>Description</h2><p>A widget speeds up lookups.</p>
      <div class="warning"><h3 class="title">Warning</h3><p>Each widget slows down writes.</p></div>
      <p>The table's owner owns the widget.</p><div class="sect2"><h3>Storage</h3><p>Widgets live on disk.</p></div></div></body></html>`;
    expect((await parseDocument('html', Buffer.from(html), 'widget.html')).sections).toEqual([
      { headings: ['Description'], text: "A widget speeds up lookups.\n\nWarning\n\nEach widget slows down writes.\n\nThe table's owner owns the widget." },
      { headings: ['Description', 'Storage'], text: 'Widgets live on disk.' },
    ]);
  });

  it("sets a data table one row to a line, each cell's paragraphs on it, and reads a layout table's cells as blocks", async () => {
    const docbook = `<html><body><h2>Math</h2><table><thead><tr><th><p>Function</p><p>Description</p></th></tr></thead>
      <tbody><tr><td><p><code>cbrt</code> ( double precision ) → double precision</p><p>Cube root</p><p><code>cbrt(64.0)</code> → 4</p></td></tr>
      <tr><td><p>sign ( numeric ) → numeric</p><p>Sign of the argument.</p><p>-1, 0 or +1</p></td></tr></tbody></table></body></html>`;
    expect((await parseDocument('html', Buffer.from(docbook), 'math.html')).sections).toEqual([
      { headings: ['Math'], text: 'Function — Description\ncbrt ( double precision ) → double precision — Cube root — cbrt(64.0) → 4\nsign ( numeric ) → numeric — Sign of the argument. -1, 0 or +1' },
    ]);

    const sphinx = `<html><body><h2>Equivalents</h2><table class="docutils"><caption>Table 1: os and pathlib</caption><tr><th><p>os</p></th><th><p>pathlib</p></th></tr>
      <tr><td><p><code>os.path.isdir()</code></p></td><td><ul><li><p>Path.is_dir()</p></li><li><p>Path.exists()</p></li></ul></td></tr>
      <tr><td><p>os.link()</p></td><td></td></tr></table></body></html>`;
    expect((await parseDocument('html', Buffer.from(sphinx), 'p.html')).sections).toEqual([
      { headings: ['Equivalents'], text: 'Table 1: os and pathlib\n\nos | pathlib\nos.path.isdir() | Path.is_dir() — Path.exists()\nos.link()' },
    ]);

    // A page laid out in a table: its sections still part at their headings, its paragraphs stay apart.
    const layout = `<html><body><table><tr><td><h2>Install</h2><p>Run the installer.</p><p>Then reboot.</p></td>
      <td><h2>Remove</h2><p>Run the remover.</p></td></tr></table></body></html>`;
    expect((await parseDocument('html', Buffer.from(layout), 'l.html')).sections).toEqual([
      { headings: ['Install'], text: 'Run the installer.\n\nThen reboot.' },
      { headings: ['Remove'], text: 'Run the remover.' },
    ]);
  });

  it('reads a page nested deeper than the tree walk can go (thousands of unclosed tags) as its text, blocks apart, scripts left out', async () => {
    const deep = `<html><head><title>Old  page</title><style>p{}</style></head><body>${'<div><font>'.repeat(3000)}<h2>Install</h2><p>Run the
      installer &amp; wait.</p><pre>make\n  install</pre><script>evil()</script><ul><li>one</li><li>two</li></ul></body></html>`;
    expect(await parseDocument('html', Buffer.from(deep), 'old.html')).toEqual({
      title: 'Old page',
      sections: [{ headings: [], text: 'Install\n\nRun the installer & wait.\n\nmake\n  install\n\none\n\ntwo' }],
    });
  });

  it('falls back to the first h1, then the name, for the title', async () => {
    expect((await parseDocument('html', Buffer.from('<h2>B</h2><p>x</p><h1>First <b>One</b></h1><p>y</p>'), 'p.html')).title).toBe('First One');
    expect((await parseDocument('html', Buffer.from('<p>Just text.</p>'), 'p.html')).title).toBe('p.html');
  });
});

describe('parseDocument: pdf', () => {
  it('makes one section per page, headed Page N, titled from the metadata', async () => {
    const pdf = buildPdf([['Refunds take five days.', 'Contact billing (not sales).'], ['Second page text.']], 'Billing Handbook');
    const doc = await parseDocument('pdf', pdf, 'handbook.pdf');
    expect(doc).toEqual({
      title: 'Billing Handbook',
      sections: [
        { headings: ['Page 1'], text: 'Refunds take five days.\nContact billing (not sales).' },
        { headings: ['Page 2'], text: 'Second page text.' },
      ],
    });
  });

  it('falls back to the name without a Title, and leaves the caller’s buffer usable', async () => {
    const pdf = buildPdf([['Only page.']]);
    const doc = await parseDocument('pdf', pdf, 'untitled.pdf');
    expect(doc.title).toBe('untitled.pdf');
    expect(pdf.byteLength).toBeGreaterThan(0); // not detached by pdf.js
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
  });

  it('refuses bytes that are not a PDF, and a damaged PDF, with a clear error', async () => {
    await expect(parseDocument('pdf', Buffer.from('<html>not a pdf</html>'), 'x.pdf')).rejects.toThrow('not a PDF');
    await expect(parseDocument('pdf', Buffer.from('%PDF-1.4\ngarbage without objects'), 'x.pdf')).rejects.toThrow(/could not read the PDF/);
  });
});

describe('detectKind', () => {
  it.each([
    ['notes.txt', undefined, 'text'],
    ['README.md', undefined, 'markdown'],
    ['guide.MARKDOWN', undefined, 'markdown'],
    ['index.htm', undefined, 'html'],
    ['report.pdf', undefined, 'pdf'],
    ['https://example.com/docs/report.pdf?download=1', undefined, 'pdf'],
    ['https://example.com/page', 'text/html; charset=utf-8', 'html'],
    ['https://example.com/file', 'application/pdf', 'pdf'],
    ['upload.bin', 'text/markdown', 'markdown'],
    // A generic type loses to the extension: raw.githubusercontent.com serves .md as text/plain.
    ['README.md', 'text/plain', 'markdown'],
    ['doc.pdf', 'application/octet-stream', 'pdf'],
    ['noextension', 'text/plain', 'text'],
  ] as const)('%s (%s) → %s', (name, type, kind) => {
    expect(detectKind(name, type)).toBe(kind);
  });

  it('is null when neither the name nor the type says', () => {
    expect(detectKind('archive.zip')).toBeNull();
    expect(detectKind('https://example.com/')).toBeNull();
    expect(detectKind('image.png', 'image/png')).toBeNull();
    // Names of Object's own properties are no kinds (they found Object's constructor).
    expect(detectKind('notes.constructor')).toBeNull();
    expect(detectKind('notes.__proto__')).toBeNull();
    expect(detectKind('upload.bin', 'toString')).toBeNull();
  });
});
