// The one hand-written stemmer of the offline reading of questions: the extractive answer, the
// tool matcher and the retrieval thesaurus meet words through it. (BM25 uses PostgreSQL's
// English stemmer; this one only has to make a question's word meet its own inflections.)

/** Crude English suffix stripping, enough to meet "shipped", "ships" and "shipping" at "ship". */
export function stem(word: string): string {
  let w = word.toLowerCase();
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('es') && /(?:ss|x|z|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  // shipp → ship, plann → plan (but not "all", "fill": those double by nature).
  if (w.length > 3 && w.at(-1) === w.at(-2) && !/[aeiouylsz]/.test(w.at(-1)!)) w = w.slice(0, -1);
  return w;
}

/** Where a word's inflections meet in the word lists (thesaurus, concepts): its stem, less a final e, so "delete", "deleted" and "deletes" are one. */
export function inflectionKey(word: string): string {
  return stem(word).replace(/(?<=...)e$/, '');
}
