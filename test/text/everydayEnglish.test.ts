// Everyday English word frequencies (SUBTLEX-US): what the offline router compares a
// knowledge base's words with to tell its questions from questions about the world.
import { everydayFrequency, saidInLowerCase } from '../../text/everydayEnglish.js';

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

  it('tells a common word from a name by the case everyday English writes it in, whatever case it is given in', () => {
    for (const word of ['toddlers', 'kids', 'Water', 'dinner']) expect(saidInLowerCase(word)).toBe(true);
    for (const word of ['paris', 'Oslo', 'boston', 'rebase']) expect(saidInLowerCase(word)).toBe(false);
  });
});
