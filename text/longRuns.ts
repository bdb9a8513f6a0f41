// A run of characters with no space in it, longer than any word or name a question gives: a
// pasted hash or minified line, or a hostile run of one pattern ("a_ba_ba_b…", "a-ba-ba-b…").
// What reads names out of text can take time quadratic in such a run: PostgreSQL's full-text
// parser took 4 s over 30,000 characters of "a_b", and a regular expression that may start
// after every hyphen of a run reads the rest of the run from each.

/** Longer than any name or word a question gives: a setting's, a file's, a URL's. */
export const LONGEST_WORD = 200;

const LONG_RUN = new RegExp(String.raw`\S{${LONGEST_WORD}}(?=\S)`, 'gu');

/** `text` with every run of non-space characters longer than LONGEST_WORD broken by a space after each LONGEST_WORD of them. */
export function inPieces(text: string): string {
  return text.replace(LONG_RUN, '$& ');
}
