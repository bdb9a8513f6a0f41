import { LOCAL_EMBEDDING_MODEL, LocalLexicalEmbedder } from '../../providers/kinds/local/embeddings.js';

const embedder = new LocalLexicalEmbedder();
const embedOne = async (text: string) => (await embedder.embed([text]))[0]!;
const norm = (v: number[]) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));
const cosine = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);
const E0 = [1, ...new Array<number>(255).fill(0)];

describe('LocalLexicalEmbedder', () => {
  it('is local:lexical-256 with 256 dimensions', () => {
    expect(embedder.id).toBe('local:lexical-256');
    expect(LOCAL_EMBEDDING_MODEL).toBe('local:lexical-256');
    expect(embedder.dimensions).toBe(256);
  });

  it('gives one unit-length vector of 256 numbers per text, in order', async () => {
    const texts = ['Refunds are issued within 14 days.', 'Passwords must be rotated yearly.', 'Ünïcödé wörds and 数字 work too.'];
    const vectors = await embedder.embed(texts);
    expect(vectors).toHaveLength(3);
    for (const v of vectors) {
      expect(v).toHaveLength(256);
      expect(norm(v)).toBeCloseTo(1, 10);
    }
    expect(vectors[1]).toEqual(await embedOne(texts[1]!));
  });

  it('is deterministic, across instances too, and exactly reproducible (stored vectors stay valid)', async () => {
    const text = 'How do I export my conversation history as CSV?';
    const a = await embedOne(text);
    expect(await new LocalLexicalEmbedder().embed([text])).toEqual([a]);
    // Pinned: 4 terms (export, conversation, history, csv) + 3 bigrams, each 1/√7. A change here
    // changes every stored vector, which then all need re-embedding.
    const nonZero = a.map((x, i) => [i, Number(x.toFixed(6))]).filter(([, x]) => x !== 0);
    expect(nonZero).toEqual([[17, -0.377964], [83, 0.377964], [142, 0.377964], [150, -0.377964], [172, -0.377964], [202, -0.377964], [250, -0.377964]]);
  });

  it('puts similar texts closer than unrelated ones', async () => {
    const query = await embedOne('How long do refunds take for annual plans?');
    const related = await embedOne('Refunds for annual plans are processed within five business days.');
    const unrelated = await embedOne('Rotate your API keys and enable two-factor authentication.');
    expect(cosine(query, related)).toBeGreaterThan(0.3);
    expect(cosine(query, related)).toBeGreaterThan(cosine(query, unrelated) + 0.2);
  });

  it('ignores case, stopwords and punctuation, and stems plurals, -ing and -ed', async () => {
    expect(await embedOne('The REFUND, of an invoice!')).toEqual(await embedOne('refund invoice'));
    const base = await embedOne('refund invoice');
    for (const variant of ['refunds invoices', 'refunded invoice', 'refunding invoices']) {
      expect(cosine(await embedOne(variant), base)).toBeCloseTo(1, 10);
    }
    expect(cosine(await embedOne('boxes matches policies files making stopped'), await embedOne('box match policy file make stop'))).toBeCloseTo(1, 10);
    // Not over-stemmed: -ss, -us, -is and -eed stay.
    expect(cosine(await embedOne('class status analysis speed'), await embedOne('clas statu analysi spe'))).toBeLessThan(0.5);
  });

  it('uses word order through bigrams', async () => {
    const a = await embedOne('credit card payment failed');
    const b = await embedOne('failed payment card credit');
    expect(cosine(a, b)).toBeLessThan(0.99);
    expect(cosine(a, b)).toBeGreaterThan(0.3); // same words still count
  });

  it('repeats count sublinearly', async () => {
    const once = await embedOne('refund outage');
    const many = await embedOne(`${'refund '.repeat(50)}outage`);
    // With raw counts the lone "outage" would vanish next to 50 "refund"s; with 1 + ln(tf) it still weighs in.
    expect(cosine(once, many)).toBeGreaterThan(0.5);
  });

  it('maps a text without words to e0: unit length, and orthogonal to every text with words', async () => {
    for (const empty of ['', '   ', 'the of and', '!!! --- ???']) expect(await embedOne(empty)).toEqual(E0);
    expect(cosine(E0, await embedOne('refund policy'))).toBe(0);
  });

  it('treats Han and kana characters as words of their own', async () => {
    const a = await embedOne('退款政策');
    expect(cosine(a, await embedOne('退款'))).toBeGreaterThan(0.3);
    expect(cosine(a, await embedOne('密码'))).toBeLessThan(0.1);
  });

  it('copes with texts of many distinct terms (the term table grows)', async () => {
    const text = Array.from({ length: 5000 }, (_, i) => `term${i}`).join(' ');
    const v = await embedOne(text);
    expect(norm(v)).toBeCloseTo(1, 10);
    expect(await embedOne(text)).toEqual(v);
    // And leaves nothing behind for the next text.
    expect(await embedOne('refund invoice')).toEqual((await new LocalLexicalEmbedder().embed(['refund invoice']))[0]);
  });
});
