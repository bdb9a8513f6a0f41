// Which chunks BM25 scores for a question: bounded, whatever the project's size.
import { CANDIDATE_BUDGET, candidateStems } from '../../knowledge/lexical.js';

const stem = (lexeme: string, df: number) => ({ lexeme, df });

describe('candidateStems', () => {
  it('a small project: every rare stem picks candidates, common ones only score', () => {
    expect(candidateStems([stem('rebas', 12), stem('git', 900), stem('branch', 40)], 1_000, 0.25)).toEqual({ stems: ['rebas', 'branch'], all: false });
  });

  it('a large project: the rarest stems, as many as the budget holds', () => {
    const picked = candidateStems([stem('a', CANDIDATE_BUDGET / 2), stem('b', CANDIDATE_BUDGET / 4), stem('c', CANDIDATE_BUDGET / 2)], 100_000, 0.25);
    expect(picked).toEqual({ stems: ['b', 'a'], all: false });
  });

  it('only common stems: chunks holding all of the rarest few, enough of them to expect no more than the budget', () => {
    const chunks = 100_000;
    const picked = candidateStems([stem('x', 20_000), stem('y', 10_000), stem('z', 30_000), stem('w', 50_000)], chunks, 0.25);
    expect(picked.all).toBe(true);
    expect(picked.stems.slice(0, 2)).toEqual(['y', 'x']);
    const expected = picked.stems.reduce((n, l, i) => (i === 0 ? n : (n * { x: 20_000, y: 10_000, z: 30_000, w: 50_000 }[l]!) / chunks), 10_000);
    expect(expected).toBeLessThanOrEqual(CANDIDATE_BUDGET);
  });

  it('ties in frequency are broken by the stem, so identical projects pick alike', () => {
    expect(candidateStems([stem('b', 5), stem('a', 5)], 100, 0.25)).toEqual(candidateStems([stem('a', 5), stem('b', 5)], 100, 0.25));
  });
});

describe("candidateStems with a thesaurus's lower-weighted words", () => {
  const weighted = (lexeme: string, df: number, weight: number) => ({ lexeme, df, weight });

  it("lets them pick candidates only within the budget the question's own stems leave", () => {
    const picked = candidateStems([weighted('erase', 10, 0.2), weighted('tabl', CANDIDATE_BUDGET - 100, 1), weighted('drop', 200, 0.2), weighted('delet', 50, 0.2)], 100_000, 0.25);
    // The question's stem first although rarer synonyms exist; then the rarest synonyms that still fit.
    expect(picked).toEqual({ stems: ['tabl', 'erase', 'delet'], all: false });
  });

  it('never lets them choose when the question alone fills the budget', () => {
    const picked = candidateStems([weighted('x', 20_000, 1), weighted('y', 10_000, 1), weighted('rare', 5, 0.2)], 100_000, 0.25);
    expect(picked.all).toBe(true);
    expect(picked.stems).not.toContain('rare');
  });
});
