// Everyday English word frequencies (SUBTLEX-US): what the offline router compares a
// knowledge base's words with to tell its questions from questions about the world.
import { everydayFrequency } from '../../text/everydayEnglish.js';

describe('everydayFrequency', () => {
  it('knows everyday words are said far more often than a manual’s own words', () => {
    expect(everydayFrequency('light')).toBeGreaterThan(3 * everydayFrequency('commit'));
    expect(everydayFrequency('the')).toBeGreaterThan(0.02);
    expect(everydayFrequency('commit')).toBeGreaterThan(1e-6);
  });

  it('counts a word’s inflections as one word, whatever its case', () => {
    expect(everydayFrequency('edits')).toBe(everydayFrequency('edit'));
    expect(everydayFrequency('Edited')).toBe(everydayFrequency('edit'));
  });

  it('makes a word never said rarer than any word that was, but not impossible', () => {
    const never = everydayFrequency('pragma');
    expect(never).toBeGreaterThan(0);
    expect(never).toBe(everydayFrequency('rebase'));
    expect(never).toBeLessThan(everydayFrequency('quantum') / 100);
  });
});
