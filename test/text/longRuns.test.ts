import { inPieces, LONGEST_WORD } from '../../text/longRuns.js';

const runs = (text: string) => (text.match(/\S+/gu) ?? []).map((run) => [...run].length);

test('breaks a run without spaces longer than any word into pieces of the longest word, keeping every character', () => {
  const run = 'a_b'.repeat(1_000);
  const pieces = inPieces(`how ${run}?`);
  expect(Math.max(...runs(pieces))).toBe(LONGEST_WORD);
  expect(pieces.replace(/ /g, '')).toBe(`how${run}?`);
});

test('leaves text of ordinary words, and a run as long as the longest word, as it is', () => {
  const text = `How do I set push.default? ${'x'.repeat(LONGEST_WORD)} https://git-scm.com/docs/git-config`;
  expect(inPieces(text)).toBe(text);
});

test('never splits a character written as two UTF-16 units', () => {
  const pieces = inPieces('😀'.repeat(LONGEST_WORD * 2 + 3));
  expect(runs(pieces)).toEqual([LONGEST_WORD, LONGEST_WORD, 3]);
  expect(pieces).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/u);
});
