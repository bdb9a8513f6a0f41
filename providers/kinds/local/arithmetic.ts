// Arithmetic the offline model can answer itself ("What is 17 times 3?" → 51): no document
// holds the answer, so searching knowledge for it would only quote unrelated text.

const NUMBER = String.raw`-?\d+(?:\.\d+)?`;
const OPERATORS: [RegExp, string][] = [
  [/\s*(?:\+|\bplus\b|\badded to\b)\s*/g, ' + '],
  [/\s*(?:(?<=\d\s*)-(?=\s*\d)|\bminus\b|\bless\b)\s*/g, ' - '],
  [/\s*(?:\*|×|(?<=\d\s*)x(?=\s*\d)|\btimes\b|\bmultiplied by\b)\s*/g, ' * '],
  [/\s*(?:\/|÷|\bdivided by\b|\bover\b)\s*/g, ' / '],
  [/\s*(?:\^|\bto the power of\b)\s*/g, ' ^ '],
  // Powers said in words: "9 squared", "2 cubed".
  [/\s*\bsquared\b/g, ' ^ 2'],
  [/\s*\bcubed\b/g, ' ^ 3'],
];

/**
 * Longer than any sum said in words ("What's (144 divided by 12) times 7 plus the square root of 81?"
 * is 68): a longer message is no arithmetic question, and is not scanned for one.
 */
const LONGEST_QUESTION = 300;

/** The arithmetic expression a message asks to evaluate, normalised to `a op b op c`, or null. */
export function arithmeticQuestion(message: string): string | null {
  if (message.length > LONGEST_QUESTION) return null;
  // Spaces in one: the operators' patterns look back over spaces, which a long run of them made cubic.
  let s = message
    .replace(/\s+/g, ' ')
    .toLowerCase()
    .trim()
    .replace(/[?!.=]+$/, '')
    .replace(/^(?:(?:please |can you |could you )?(?:what(?:'s| is)|whats|how much is|calculate|compute|evaluate|solve|tell me)\s+)/, '')
    .replace(/\s+(?:equal|equals|make)$/, '')
    .trim();
  s = s.replace(/(\d),(\d{3})\b/g, '$1$2');
  // "the square root of 144" → 144 ^ 0.5
  s = s.replace(new RegExp(`\\b(?:the )?square root of (${NUMBER})`, 'g'), '$1 ^ 0.5');
  // "15 percent of 80", "15% of 80" → 15 / 100 * 80
  s = s.replace(new RegExp(`(${NUMBER}) ?(?:%|percent|per cent) of (${NUMBER})`, 'g'), '$1 / 100 * $2');
  for (const [pattern, op] of OPERATORS) s = s.replace(pattern, op);
  s = s.replace(/\s+/g, ' ').trim();
  // A step said after a comma works on all that came before it: "144 divided by 12, times 7" is
  // (144 ÷ 12) × 7, and "2 plus 3, times 4" is (2 + 3) × 4, not 2 + 3 × 4.
  const [first, ...steps] = s.split(/\s*,\s*(?=[-+*/^] )/);
  s = '('.repeat(steps.length) + first + steps.map((step) => `) ${step}`).join('');
  return EXPRESSION.test(s) && balanced(s) ? s : null;
}

/** Numbers joined by operators, each number with any brackets around it: "(2 + 3) * 4". */
const BRACKETED = String.raw`\(*${NUMBER}\)*`;
const EXPRESSION = new RegExp(`^${BRACKETED}(?: [-+*/^] ${BRACKETED})+$`);

/** Whether every bracket of `s` closes one opened before it, and all are closed. */
function balanced(s: string): boolean {
  let depth = 0;
  for (const c of s) if ((depth += c === '(' ? 1 : c === ')' ? -1 : 0) < 0) return false;
  return depth === 0;
}

/** The value of an expression from `arithmeticQuestion`, brackets first, with the usual precedence; null if undefined (÷0). */
export function evaluateArithmetic(expression: string): number | null {
  const tokens = expression.replace(/\(/g, '( ').replace(/\)/g, ' )').split(' ').filter(Boolean);
  let at = 0;
  // One pass over the tokens: a bracket's group is worked out where it closes.
  const group = (): number | null => {
    const said: string[] = [];
    while (at < tokens.length && tokens[at] !== ')') {
      const token = tokens[at++]!;
      if (token !== '(') {
        said.push(token);
        continue;
      }
      const inner = group();
      at++; // its ")"
      if (inner === null) return null;
      said.push(String(inner));
    }
    return evaluateFlat(said);
  };
  return group();
}

/** The value of numbers joined by operators (`tokens`, number first), without brackets. */
function evaluateFlat(tokens: readonly string[]): number | null {
  const values: number[] = [Number(tokens[0])];
  const ops: string[] = [];
  for (let i = 1; i < tokens.length; i += 2) {
    ops.push(tokens[i]!);
    values.push(Number(tokens[i + 1]));
  }
  // Powers, then products and quotients, then sums: one pass per level over a flat list.
  const apply = (level: string[], fn: (a: number, op: string, b: number) => number) => {
    for (let i = 0; i < ops.length; ) {
      if (level.includes(ops[i]!)) {
        values.splice(i, 2, fn(values[i]!, ops[i]!, values[i + 1]!));
        ops.splice(i, 1);
      } else i++;
    }
  };
  apply(['^'], (a, _op, b) => a ** b);
  apply(['*', '/'], (a, op, b) => (op === '*' ? a * b : a / b));
  apply(['+', '-'], (a, op, b) => (op === '+' ? a + b : a - b));
  const [result] = values;
  return result !== undefined && Number.isFinite(result) ? result : null;
}

/** The answer to an arithmetic question, e.g. `17 × 3 = 51.`; null when the message is not one. */
export function answerArithmetic(message: string): string | null {
  const expression = arithmeticQuestion(message);
  if (!expression) return null;
  const value = evaluateArithmetic(expression);
  if (value === null) return `${pretty(expression)} is undefined.`;
  return `${pretty(expression)} = ${Number(value.toPrecision(12))}.`;
}

function pretty(expression: string): string {
  return expression.replace(/\*/g, '×').replace(/\//g, '÷');
}
