// The names a question gives verbatim (an option, a setting, a keyword in capitals): the offline
// answer quotes the sentences that say them, and retrieval ranks the chunks that say them higher.

/**
 * Names read from one question, at most: a question names a few; a message of thousands (hostile,
 * or a pasted log) would otherwise cost a test per name per sentence and per candidate chunk.
 */
const MAX_KEY_TOKENS = 8;

/**
 * The question's special tokens ("--amend", "push.default", "@{upstream}", a setting's or
 * function's snake_case name ("work_mem", "json_extract"), a shell's ".import" or "\\copy") and
 * the keywords it writes in capitals ("UPSERT", "DEFERRED"): found verbatim, they name the answer.
 * Each comes as a test of whether a text names it as a whole token ("-x" is not in "--allow-empty",
 * "push" not in "push.default", "work_mem" not in "maintenance_work_mem"), made once per question;
 * a keyword in capitals is compared with its case ("IMMEDIATE" is not the word "immediate"), the
 * others without.
 */
export function keyTokens(question: string, { capitals = true } = {}): RegExp[] {
  const special = (question.match(/(?<![\p{L}\p{N}-])(?:--?|@|(?<![^\s("'`])[.\\])?[\p{L}\p{N}{](?:[\p{L}\p{N}._{}@-]*[\p{L}\p{N}}])?/gu) ?? [])
    .filter((t) => /[-._@{}\\]/.test(t) && (t.length >= 3 || t.startsWith('-')))
    .map((t) => [t.toLowerCase(), 'iu'] as const);
  const keywords = ((capitals && question.match(/(?<![\p{L}\p{N}_.-])\p{Lu}{3,}(?:_\p{Lu}+)*(?![\p{L}\p{N}_-])/gu)) || []).map((t) => [t, 'u'] as const);
  // A keyword that is also a special token is counted once, as the special token.
  const byName = new Map<string, readonly [string, string]>();
  for (const k of [...special, ...keywords]) if (!byName.has(k[0].toLowerCase())) byName.set(k[0].toLowerCase(), k);
  return [...byName.values()].slice(0, MAX_KEY_TOKENS).map(([token, flags]) => new RegExp(`(?<![\\p{L}\\p{N}_-])${token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}_-])`, flags));
}
