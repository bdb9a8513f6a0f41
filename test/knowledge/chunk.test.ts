import { chunkDocument, chunkSearchText } from '../../knowledge/chunk.js';
import { parseDocument } from '../../knowledge/parse.js';
import type { ParsedDocument } from '../../knowledge/types.js';
import type { Chunk } from '../../store/chunks.js';
import { tokenCount } from '../../text/tokens.js';

const TOPICS = ['refunds', 'invoices', 'outages', 'passwords', 'exports', 'webhooks', 'quotas', 'regions'];

/** Sentence n: unique (numbered), of varying length, deterministic. */
function sentence(n: number): string {
  const filler = 'and the team reviews every case carefully before it replies'.split(' ').slice(0, 3 + (n % 8));
  return `Sentence ${n} explains ${TOPICS[n % TOPICS.length]} ${filler.join(' ')}.`;
}

/** `paragraphs` paragraphs of 3–7 sentences, numbered from `from`. */
function prose(paragraphs: number, from = 0): { text: string; sentences: string[] } {
  const sentences: string[] = [];
  const parts: string[] = [];
  let n = from;
  for (let p = 0; p < paragraphs; p++) {
    const these = Array.from({ length: 3 + (p % 5) }, () => sentence(n++));
    sentences.push(...these);
    parts.push(these.join(' '));
  }
  return { text: parts.join('\n\n'), sentences };
}

const doc = (...sections: ParsedDocument['sections']): ParsedDocument => ({ title: 't', sections });

/** Where each chunk sits in `text` (chunks are exact slices of their section). */
function positions(text: string, chunks: Chunk[]): { start: number; end: number }[] {
  return chunks.map((c) => {
    const start = text.indexOf(c.text);
    expect(start).toBeGreaterThanOrEqual(0);
    return { start, end: start + c.text.length };
  });
}

describe('chunkDocument', () => {
  const { text, sentences } = prose(40);
  const opts = { chunkTokens: 120, overlapTokens: 30 };
  const chunks = chunkDocument(doc({ headings: ['Help', 'Billing'], text }), opts);

  it('splits a long section into several chunks, each within chunkTokens with an exact count', () => {
    expect(chunks.length).toBeGreaterThan(5);
    for (const c of chunks) {
      expect(c.tokenCount).toBe(tokenCount(c.text));
      expect(c.tokenCount).toBeLessThanOrEqual(opts.chunkTokens);
      // Packed, not shredded: every chunk but the last is at least half full.
      if (c !== chunks[chunks.length - 1]) expect(c.tokenCount).toBeGreaterThan(opts.chunkTokens / 2);
    }
    expect(chunks.map((c) => c.index)).toEqual(chunks.map((_, i) => i));
  });

  it('loses no text: every sentence is whole in some chunk, and consecutive chunks leave no gap', () => {
    for (const s of sentences) expect(chunks.some((c) => c.text.includes(s))).toBe(true);
    const at = positions(text, chunks);
    expect(at[0]!.start).toBe(0);
    expect(at[at.length - 1]!.end).toBe(text.length);
    for (let i = 1; i < at.length; i++) expect(at[i]!.start).toBeLessThanOrEqual(at[i - 1]!.end);
  });

  it('starts each later chunk with up to overlapTokens from the end of the previous one', () => {
    const at = positions(text, chunks);
    for (let i = 1; i < at.length; i++) {
      const shared = text.slice(at[i]!.start, at[i - 1]!.end);
      expect(shared.length).toBeGreaterThan(0);
      expect(chunks[i - 1]!.text.endsWith(shared)).toBe(true);
      expect(tokenCount(shared)).toBeLessThanOrEqual(opts.overlapTokens);
      expect(tokenCount(shared)).toBeGreaterThanOrEqual(opts.overlapTokens / 2);
    }
  });

  it('cuts at sentence ends and starts the overlap at a sentence start when it can', () => {
    for (const c of chunks) {
      expect(c.text).toMatch(/^Sentence \d+ /);
      expect(c.text).toMatch(/\.$/);
    }
  });

  it('adds nothing to the text: no headings, no surrounding whitespace; headings are carried beside it', () => {
    for (const c of chunks) {
      expect(c.headings).toEqual(['Help', 'Billing']);
      expect(c.text).toBe(c.text.trim());
      expect(c.text).not.toContain('Billing');
    }
  });

  it('is deterministic', () => {
    expect(chunkDocument(doc({ headings: ['Help', 'Billing'], text }), opts)).toEqual(chunks);
  });

  it('without overlap, chunks follow each other exactly', () => {
    const plain = chunkDocument(doc({ headings: [], text }), { chunkTokens: 120, overlapTokens: 0 });
    const at = positions(text, plain);
    for (let i = 1; i < at.length; i++) {
      expect(at[i]!.start).toBeGreaterThan(at[i - 1]!.end);
      expect(text.slice(at[i - 1]!.end, at[i]!.start).trim()).toBe('');
    }
  });

  it('keeps a short section whole, as one chunk', () => {
    const out = chunkDocument(doc({ headings: ['FAQ'], text: 'Short answer. Two sentences.' }), opts);
    expect(out).toEqual([{ index: 0, text: 'Short answer. Two sentences.', headings: ['FAQ'], tokenCount: tokenCount('Short answer. Two sentences.') }]);
  });
});

describe('chunkDocument across sections', () => {
  it('never mixes two (non-tiny) sections in one chunk, and numbers chunks across the document', () => {
    const a = prose(6, 0);
    const b = prose(6, 1000);
    const chunks = chunkDocument(doc({ headings: ['A'], text: a.text }, { headings: ['B'], text: b.text }), { chunkTokens: 100, overlapTokens: 20 });
    for (const c of chunks) {
      const fromA = a.sentences.some((s) => c.text.includes(s));
      const fromB = b.sentences.some((s) => c.text.includes(s));
      expect(fromA !== fromB).toBe(true);
      expect(c.headings).toEqual(fromA ? ['A'] : ['B']);
    }
    // No overlap carried from A into B.
    const firstB = chunks.find((c) => c.headings[0] === 'B')!;
    expect(firstB.text.startsWith(b.sentences[0]!)).toBe(true);
    expect(chunks.map((c) => c.index)).toEqual(chunks.map((_, i) => i));
  });

  it('puts a tiny section in front of the next when that one sits under it, with the deeper path', () => {
    const child = prose(2).text;
    const chunks = chunkDocument(
      doc({ headings: ['Billing'], text: 'See the parts below.' }, { headings: ['Billing', 'Refunds'], text: child }),
      { chunkTokens: 400, overlapTokens: 0 },
    );
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toMatchObject({ headings: ['Billing', 'Refunds'], text: `See the parts below.\n\n${child}` });
  });

  it('keeps a tiny section alone when the next is not under it, and skips empty sections', () => {
    const chunks = chunkDocument(
      doc({ headings: ['Billing'], text: 'Tiny.' }, { headings: ['Support'], text: '   ' }, { headings: ['Security'], text: prose(2).text }),
      { chunkTokens: 400, overlapTokens: 0 },
    );
    expect(chunks.map((c) => c.headings)).toEqual([['Billing'], ['Security']]);
    expect(chunks[0]!.text).toBe('Tiny.');
  });

  it("heads a chunk that starts inside a definition with its term, and takes no caption or setting's assignment for a term", () => {
    const long = prose(6, 100).text;
    const text = [
      'reset_query_list (string)',
      long,
      'Example 5-2. Resetting the session',
      "reset_query_list = 'ABORT; DISCARD ALL'",
      'This parameter can be changed by reloading the configuration.',
      'idle_timeout (integer)',
      prose(6, 200).text,
    ].join('\n\n');
    const chunks = chunkDocument(doc({ headings: ['Settings'], text }), { chunkTokens: 100, overlapTokens: 0 });
    const at = positions(text, chunks);
    const second = text.indexOf('idle_timeout (integer)');
    chunks.forEach((c, i) => {
      const { start } = at[i]!;
      // The caption and the setting's assignment inside the first definition are no terms of their own.
      const expected = start === 0 || start === second ? ['Settings'] : ['Settings', start < second ? 'reset_query_list (string)' : 'idle_timeout (integer)'];
      expect(c.headings).toEqual(expected);
    });
    expect(chunks.filter((c) => c.headings[1] === 'reset_query_list (string)').length).toBeGreaterThanOrEqual(3);
    expect(chunks.filter((c) => c.headings[1] === 'idle_timeout (integer)').length).toBeGreaterThanOrEqual(3);
  });

  it("starts a chunk that begins at a definition's term with the term, carrying over none of the definition before it", async () => {
    // A reference page's settings, one after another: a term line, then two paragraphs on it.
    const names = Array.from({ length: 12 }, (_, n) => `pool_setting_${n} (integer)`);
    const bodies = names.map((_, n) => [prose(1, 100 + 10 * n).text, prose(1, 105 + 10 * n).text]);
    const text = names.map((name, n) => [name, ...bodies[n]!].join('\n\n')).join('\n\n');
    const html = `<html><body><h2>Settings</h2><dl>${names.map((name, n) => `<dt>${name}</dt><dd>${bodies[n]!.map((b) => `<p>${b}</p>`).join('')}</dd>`).join('')}</dl></body></html>`;
    const parsed = await parseDocument('html', Buffer.from(html), 'settings.html');
    expect(parsed.sections[0]!.definitions?.length).toBe(names.length);
    // Read from the markup's definitions, and from the text's shape alone.
    for (const section of [parsed.sections[0]!, { headings: ['Settings'], text }]) {
      const chunks = chunkDocument(doc(section), { chunkTokens: 100, overlapTokens: 30 });
      const at = positions(section.text, chunks);
      let atTerm = 0;
      for (let i = 1; i < chunks.length; i++) {
        const next = section.text.slice(at[i - 1]!.end).trimStart();
        if (names.some((name) => next.startsWith(name))) {
          atTerm++;
          expect(names.some((name) => chunks[i]!.text.startsWith(name))).toBe(true);
        } else expect(at[i]!.start).toBeLessThan(at[i - 1]!.end); // within a definition the overlap stays
      }
      // Both kinds of cut are met.
      expect(atTerm).toBeGreaterThanOrEqual(2);
      expect(atTerm).toBeLessThan(chunks.length - 1);
    }
  });

  it("heads a chunk by the definition the page's markup puts it in: the outer one again once a list inside it has ended, none after the list", async () => {
    // A setting whose definition holds a list of its own, then goes on (pgpool-II's health_check_password).
    const para = (from: number) => `<P>${prose(2, from).text.replace(/\n\n/g, '</P><P>')}</P>`;
    const html = `<HTML><BODY><H2>Health Check</H2><DL>
      <DT>health_check_password (string)</DT><DD>${para(100)}
        <DL><DT>-p</DT><DT>--plain</DT><DD>${para(200)}</DD></DL>
        <P>This parameter can be changed by reloading the configurations.</P>${para(300)}</DD></DL>
      <P>Health checks run on every node.</P>${para(400)}</BODY></HTML>`;
    const parsed = await parseDocument('html', Buffer.from(html), 'health.html');
    const { text } = parsed.sections[0]!;
    const chunks = chunkDocument(parsed, { chunkTokens: 60, overlapTokens: 0 });
    const at = positions(text, chunks);
    const [inner, innerEnd, listEnd] = ['--plain', 'This parameter can be changed', 'Health checks run'].map((s) => text.indexOf(s));
    const expected = chunks.map((_, i) => {
      const { start } = at[i]!;
      if (start >= listEnd!) return null;
      if (start > inner! && start < innerEnd!) return '-p, --plain';
      return start > 0 ? 'health_check_password (string)' : null;
    });
    expect(chunks.map((c) => c.headings[1] ?? null)).toEqual(expected);
    // Every case is met: in the inner list, after it in the outer one, and after both.
    for (const term of ['-p, --plain', 'health_check_password (string)', null]) expect(expected.filter((t) => t === term).length).toBeGreaterThanOrEqual(2);
    // From the text's shape alone (no markup), what follows the inner list would stay under "--plain"'s paragraph, or none.
    const fromText = chunkDocument({ title: 't', sections: [{ headings: ['Health Check'], text }] }, { chunkTokens: 60, overlapTokens: 0 });
    expect(fromText.map((c) => c.headings[1] ?? null)).not.toEqual(expected);
  });

  it("takes no table of contents' entry for a term: neither a page's one subsection listed above its prose nor a DocBook `dl.toc`", async () => {
    // PostgreSQL's string functions: the page's only subsection, "9.4.1. format", is listed on a line of its own above the tables.
    const para = (from: number) => `<p>${prose(3, from).text.replace(/\n\n/g, '</p><p>')}</p>`;
    const functions = `<html><body><div class="sect1"><h2>9.4. String Functions and Operators</h2>
      <div class="toc"><dl class="toc"><dt><span class="sect2"><a href="#format">9.4.1. format</a></span></dt></dl></div>
      ${para(100)}${para(200)}${para(300)}
      <div class="sect2"><h3>9.4.1. format</h3>${para(400)}</div></div></body></html>`;
    // A chapter's page: its table of contents, entries over their subsections, then a little prose.
    const chapter = `<html><body><h2>Chapter 5. Data Definition</h2>
      <div class="toc"><dl class="toc"><dt><span class="sect1">5.7. Privileges</span></dt><dd><dl><dt>5.7.1. Grants</dt><dt>5.7.2. Revokes</dt></dl></dd>
      <dt><span class="sect1">5.8. Row Security Policies</span></dt></dl></div>${para(500)}${para(600)}</body></html>`;
    for (const [name, html] of [['functions-string.html', functions], ['ddl.html', chapter]] as const) {
      const parsed = await parseDocument('html', Buffer.from(html), name);
      const chunks = chunkDocument(parsed, { chunkTokens: 60, overlapTokens: 0 });
      expect(chunks.length).toBeGreaterThan(4);
      expect(parsed.sections.flatMap((s) => s.definitions ?? [])).toEqual([]);
      // Every chunk is headed by the sections it is in, and by nothing a table of contents lists.
      for (const c of chunks) expect(parsed.sections.map((s) => s.headings)).toContainEqual(c.headings);
    }
  });

  it("takes no line of preformatted text for a term, nor the line that introduces it: a synopsis or a clause's forms head nothing", async () => {
    // PostgreSQL's SELECT: a clause's general form in a <pre>, the prose about it after; then a line that introduces a list of forms.
    const para = (from: number) => `<p>${prose(3, from).text.replace(/\n\n/g, '</p><p>')}</p>`;
    const html = `<html><body><h2>GROUP BY Clause</h2><p>The optional GROUP BY clause has the general form</p>
      <pre class="synopsis">
GROUP BY [ ALL | DISTINCT ] grouping_element [, ...]</pre>${para(100)}${para(200)}
      <p>where lock_strength can be one of</p><pre class="synopsis">UPDATE\nSHARE</pre>${para(300)}${para(400)}</body></html>`;
    const parsed = await parseDocument('html', Buffer.from(html), 'sql-select.html');
    const { text, code } = parsed.sections[0]!;
    // The text is as it was without the marks: the <pre>'s leading line break is not a line of its own.
    expect(text).toMatch(/^The optional GROUP BY clause has the general form\n\nGROUP BY \[ ALL \| DISTINCT \] grouping_element \[, \.\.\.\]\n\nSentence 100 /);
    expect(code!.map((c) => text.slice(c.start, c.end))).toEqual(['GROUP BY [ ALL | DISTINCT ] grouping_element [, ...]', 'UPDATE\nSHARE']);
    const chunks = chunkDocument(parsed, { chunkTokens: 60, overlapTokens: 0 });
    expect(chunks.length).toBeGreaterThan(4);
    for (const c of chunks) expect(c.headings).toEqual(['GROUP BY Clause']);
    // Read from the text alone, the form's line and the introducing line headed the passages after them.
    const fromText = chunkDocument({ title: 't', sections: [{ headings: ['GROUP BY Clause'], text }] }, { chunkTokens: 60, overlapTokens: 0 });
    expect(fromText.map((c) => c.headings[1])).toContain('GROUP BY [ ALL | DISTINCT ] grouping_element [, ...]');
    expect(fromText.map((c) => c.headings[1])).toContain('where lock_strength can be one of');
  });

  it("takes no line of a Markdown code block for a term: a fenced command above a section's prose heads nothing", async () => {
    const md = `# Install\n\nRun this:\n\n\`\`\`\nnpm install askflow\n\`\`\`\n\n${prose(8).text}`;
    const parsed = await parseDocument('markdown', Buffer.from(md), 'install.md');
    const { text, code } = parsed.sections[0]!;
    expect(code!.map((c) => text.slice(c.start, c.end))).toEqual(['npm install askflow']);
    const chunks = chunkDocument(parsed, { chunkTokens: 60, overlapTokens: 0 });
    expect(chunks.length).toBeGreaterThan(4);
    for (const c of chunks) expect(c.headings).toEqual(['Install']);
    // From the text alone, the command headed every passage after it.
    const fromText = chunkDocument({ title: 't', sections: [{ headings: ['Install'], text }] }, { chunkTokens: 60, overlapTokens: 0 });
    expect(fromText.slice(1).every((c) => c.headings[1] === 'npm install askflow')).toBe(true);
  });

  it('gives an empty document no chunks', () => {
    expect(chunkDocument(doc(), { chunkTokens: 100, overlapTokens: 10 })).toEqual([]);
  });
});

describe('chunkDocument on text without paragraph or sentence breaks', () => {
  it('splits a very long sentence at spaces, keeping every word in order', () => {
    const words = Array.from({ length: 900 }, (_, i) => `word${i}`);
    const text = words.join(' ');
    const chunks = chunkDocument(doc({ headings: [], text }), { chunkTokens: 100, overlapTokens: 10 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const c of chunks) {
      expect(c.tokenCount).toBeLessThanOrEqual(100);
      expect(text.includes(c.text)).toBe(true);
      expect(c.text).toMatch(/^word\d+/); // starts at a word, not inside one
    }
    const seen = new Set(chunks.flatMap((c) => c.text.split(' ')));
    for (const w of words) expect(seen.has(w)).toBe(true);
  });

  it('cuts a single huge word (base64, a long URL) by characters, losing nothing', () => {
    let blob = '';
    for (let i = 0; blob.length < 6000; i++) blob += ((i * 2654435761) >>> 0).toString(36);
    const chunks = chunkDocument(doc({ headings: [], text: blob }), { chunkTokens: 60, overlapTokens: 0 });
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks) expect(c.tokenCount).toBeLessThanOrEqual(60);
    expect(chunks.map((c) => c.text).join('')).toBe(blob);
  });

  it('splits CJK text at its full stops', () => {
    const sentences = Array.from({ length: 60 }, (_, i) => `这是第${i}个句子，用于测试分块是否正确。`);
    const text = sentences.join('');
    const chunks = chunkDocument(doc({ headings: ['中文'], text }), { chunkTokens: 80, overlapTokens: 0 });
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) expect(c.text).toMatch(/^这是第\d+个句子.*。$/);
    expect(chunks.map((c) => c.text).join('')).toBe(text);
  });
});

describe('chunkDocument options', () => {
  const d = doc({ headings: [], text: 'x' });
  it.each([
    [{ chunkTokens: 49, overlapTokens: 0 }, /chunkTokens/],
    [{ chunkTokens: 4001, overlapTokens: 0 }, /chunkTokens/],
    [{ chunkTokens: 100.5, overlapTokens: 0 }, /chunkTokens/],
    [{ chunkTokens: 100, overlapTokens: 50 }, /overlapTokens/],
    [{ chunkTokens: 100, overlapTokens: -1 }, /overlapTokens/],
  ])('refuses %j', (opts, message) => {
    expect(() => chunkDocument(d, opts)).toThrow(message);
  });

  it('accepts the extremes', () => {
    expect(chunkDocument(d, { chunkTokens: 50, overlapTokens: 24 })).toHaveLength(1);
    expect(chunkDocument(d, { chunkTokens: 4000, overlapTokens: 1999 })).toHaveLength(1);
  });
});

describe('chunkSearchText', () => {
  it('is the heading path, then the text', () => {
    expect(chunkSearchText({ text: 'Body.', headings: ['Billing', 'Refunds'] })).toBe('Billing > Refunds\n\nBody.');
    expect(chunkSearchText({ text: 'Body.', headings: [] })).toBe('Body.');
  });
});
