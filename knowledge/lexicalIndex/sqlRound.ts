// PostgreSQL's `round(x::numeric, 9)::float8` for a float8 x, reproduced bit for bit so that the
// in-memory BM25 scores equal the SQL path's (store/bm25.ts) and tie exactly where they tie there.

/**
 * float8 → numeric keeps 15 significant digits (PostgreSQL formats it with `%.15g`), numeric
 * round() rounds half away from zero, and numeric → float8 is a correctly rounded parse — so this
 * works on the 15-digit decimal, never on the binary value.
 */
export function sqlRound9(x: number): number {
  if (x === 0 || !Number.isFinite(x)) return x;
  const [mantissa, exponent] = Math.abs(x).toExponential(14).split('e') as [string, string];
  const digits = BigInt(mantissa.replace('.', '')); // 15 digits: |x| = digits · 10^(e − 14)
  const shift = Number(exponent) - 14 + 9; // |x| · 10^9 = digits · 10^shift
  let scaled: bigint;
  if (shift >= 0) scaled = digits * 10n ** BigInt(shift);
  else {
    const divisor = 10n ** BigInt(-shift);
    scaled = digits / divisor;
    if ((digits % divisor) * 2n >= divisor) scaled += 1n;
  }
  const rounded = Number(`${scaled}e-9`);
  return x < 0 ? -rounded : rounded;
}
