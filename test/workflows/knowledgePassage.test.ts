import { knowledgePassage } from '../../interface/ask.js';

// What a found chunk gives the answer to cite: its document and chunk, and the page's title and the heading it sits under.
describe('a found chunk as the answer cites it', () => {
  const chunk = { document: 'collections.html', chunkIndex: 12, text: 'Return an iterator over elements.' };

  it("names the page's title and the nearest heading as its section", () => {
    expect(knowledgePassage({ ...chunk, headings: ['collections — Container datatypes', 'Counter  objects'] })).toEqual({
      source: 'collections.html#12',
      text: 'Return an iterator over elements.',
      kind: 'chunk',
      section: 'collections — Container datatypes › Counter objects',
    });
    // The headings between them are left out; a heading alone, or the title twice, is said once.
    expect(knowledgePassage({ ...chunk, headings: ['EXPLAIN QUERY PLAN', '1. The EXPLAIN QUERY PLAN Command', '1.1. Table and Index Scans'] }).section).toBe('EXPLAIN QUERY PLAN › 1.1. Table and Index Scans');
    expect(knowledgePassage({ ...chunk, headings: ['Counter objects'] }).section).toBe('Counter objects');
    expect(knowledgePassage({ ...chunk, headings: ['pgproto', ' pgproto '] }).section).toBe('pgproto');
  });

  it('cuts a heading too long to cite at a word, and names none where the chunk has none (runs recorded before headings)', () => {
    const long = `The ${'very '.repeat(30)}long heading`;
    const section = knowledgePassage({ ...chunk, headings: [long] }).section!;
    expect(section.length).toBeLessThanOrEqual(81);
    expect(section).toMatch(/^The very (very )*very…$/);
    expect(knowledgePassage({ ...chunk, headings: [] })).not.toHaveProperty('section');
    expect(knowledgePassage({ ...chunk } as Parameters<typeof knowledgePassage>[0])).toEqual({ source: 'collections.html#12', text: chunk.text, kind: 'chunk' });
  });
});
