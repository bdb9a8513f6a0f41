// Reads PostgreSQL's text form of a tsvector — `'stem':1,4 'other':2A` — into stems and their
// frequencies. A stem's frequency is how many positions the vector keeps for it, which is what
// the SQL path reads off ts_rank (store/bm25.ts); a stem stored without positions counts once,
// as ts_rank counts it.

/** The stems of a tsvector's text form with their position counts, in the vector's order. */
export function parseTsvectorText(text: string): { stem: string; tf: number }[] {
  const out: { stem: string; tf: number }[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    if (text[i] === ' ') {
      i++;
      continue;
    }
    if (text[i] !== "'") throw new Error(`unexpected ${JSON.stringify(text[i])} at ${i} of a tsvector`);
    i++;
    // tsvectorout doubles a quote and a backslash inside a lexeme.
    let stem = '';
    for (;;) {
      if (i >= n) throw new Error('unterminated lexeme in a tsvector');
      const c = text[i]!;
      if (c === "'" && text[i + 1] === "'") {
        stem += "'";
        i += 2;
      } else if (c === "'") {
        i++;
        break;
      } else if (c === '\\') {
        stem += text[i + 1] ?? '';
        i += 2;
      } else {
        stem += c;
        i++;
      }
    }
    let tf = 1;
    if (text[i] === ':') {
      i++;
      while (i < n && text[i] !== ' ') {
        if (text[i] === ',') tf++;
        i++;
      }
    }
    out.push({ stem, tf });
  }
  return out;
}
