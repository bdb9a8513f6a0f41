// The names a question gives verbatim, as the offline answer and retrieval's naming list read them.
import { calledNames, keyTokens, keywordPairs } from '../../text/keyTokens.js';

describe('keyTokens', () => {
  it('reads options, dotted and snake_case settings and keywords in capitals, each once, as whole tokens', () => {
    const keys = keyTokens('Does --amend or push.default or work_mem or UPSERT matter, and --amend again?');
    expect(keys).toHaveLength(4);
    const [amend, push, workMem, upsert] = keys;
    expect(amend!.test('Use --amend here.')).toBe(true);
    expect(amend!.test('Use --amend-message here.')).toBe(false);
    expect(push!.test('push.default is simple')).toBe(true);
    expect(workMem!.test('Set work_mem first.')).toBe(true);
    expect(workMem!.test('Set maintenance_work_mem first.')).toBe(false);
    expect(upsert!.test('An UPSERT is an INSERT.')).toBe(true);
    expect(upsert!.test('an upsert')).toBe(false);
  });

  it("reads Python's private and special names with their underscores, as whole tokens", () => {
    const [spam, init] = keyTokens('How does name mangling transform a class attribute named __spam, and when is __init__ called?');
    expect(spam!.test('Any identifier of the form __spam (at least two leading underscores) is replaced')).toBe(true);
    // The mangled name holds it, but as part of another name.
    expect(spam!.test('is textually replaced with _classname__spam')).toBe(false);
    expect(spam!.test('a spam filter')).toBe(false);
    expect(init!.test('The __init__ method runs after __new__.')).toBe(true);
    expect(init!.test('an init script')).toBe(false);
  });

  it('reads only options and settings when keywords in capitals are not wanted', () => {
    expect(keyTokens('What does VACUUM do to work_mem?')).toHaveLength(2);
    expect(keyTokens('What does VACUUM do to work_mem?', { capitals: false })).toHaveLength(1);
  });

  it("reads a directive's or method's name in camel case, in any case, but no product name ending in capitals", () => {
    const [keepAlive, byId] = keyTokens('Does KeepAliveTimeout apply to getElementById?', { capitals: false });
    expect(keepAlive!.test('Set keepalivetimeout to 5.')).toBe(true);
    expect(keepAlive!.test('KeepAliveTimeoutExtra is other.')).toBe(false);
    expect(byId!.test('document.getElementById("x")')).toBe(true);
    expect(keyTokens('Does PostgreSQL or MySQL support it?', { capitals: false })).toEqual([]);
    expect(keyTokens('Is Git fast?', { capitals: false })).toEqual([]);
  });

  it('reads operators written apart, each as a whole operator, and no dashes or comparison of numbers', () => {
    const [arrow, doubleArrow, concat] = keyTokens('Is -> the same as ->> or `||`?');
    expect(arrow!.test('json -> integer')).toBe(true);
    expect(arrow!.test('jsonb ->> text')).toBe(false);
    expect(doubleArrow!.test('jsonb ->> text')).toBe(true);
    expect(concat!.test("'a' || 'b'")).toBe(true);
    expect(keyTokens('What does -- start in SQL, and is 5 > 3?', { capitals: false })).toEqual([]);
  });

  it("reads a format's directives with their case and a regular expression's escapes, and no percentage", () => {
    const [upper, lower] = keyTokens('Does %Y differ from %y?');
    expect(upper!.test('%Y | Year with century')).toBe(true);
    expect(upper!.test('%y | Year without century')).toBe(false);
    expect(lower!.test('%y | Year without century')).toBe(true);
    const [digit] = keyTokens('What does \\d match?');
    expect(digit!.test('\\d matches any decimal digit')).toBe(true);
    expect(digit!.test('\\D matches any non-digit')).toBe(false);
    expect(keyTokens('What is 50% of 10?')).toEqual([]);
  });

  it('reads at most eight names from a message of thousands, in the order it gives them', () => {
    const message = Array.from({ length: 4000 }, (_, i) => `--opt${i}`).join(' ');
    const keys = keyTokens(message);
    expect(keys).toHaveLength(8);
    expect(keys[0]!.test('see --opt0')).toBe(true);
    expect(keys[7]!.test('see --opt7')).toBe(true);
  });

  it('reads each pair of keywords written side by side in capitals, short ones too, compared with their case', () => {
    const [alterTable, tableRename, renameColumn, ...rest] = keywordPairs('How do I use ALTER TABLE RENAME COLUMN, or ON CONFLICT DO UPDATE?');
    expect(rest).toHaveLength(3);
    expect(renameColumn!.test('The RENAME COLUMN syntax')).toBe(true);
    expect(renameColumn!.test('rename column')).toBe(false);
    expect(renameColumn!.test('RENAME COLUMNS')).toBe(false);
    expect(alterTable!.test('see ALTER\nTABLE')).toBe(true);
    expect(tableRename!.test('ALTER TABLE x RENAME')).toBe(false);
    expect(rest[2]!.test('the DO UPDATE clause')).toBe(true);
    // One keyword, or keywords apart, make no pair; a long run gives at most eight.
    expect(keywordPairs('What does VACUUM do to an UPDATE?')).toEqual([]);
    expect(keywordPairs(Array.from({ length: 100 }, (_, i) => `K${'X'.repeat(i % 50 + 1)}`).join(' '))).toHaveLength(8);
  });

  it('reads the plain words a question calls an option, setting or flag by, and none without such a noun', () => {
    expect(calledNames('What does the group option of pam_wheel do?')).toEqual(['group']);
    expect(calledNames('What does the required control flag mean?')).toEqual(['control', 'required']);
    expect(calledNames('Which setting is maxlogins?')).toEqual([]);
    expect(calledNames('How do I merge two branches?')).toEqual([]);
    expect(calledNames(Array.from({ length: 100 }, (_, i) => `w${i} option`).join(' '))).toHaveLength(8);
  });
});
