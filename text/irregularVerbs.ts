// The past forms of English's irregular verbs ("went", "broke", "ran"), with the verbs they are
// forms of. A manual may never say "went" while it says "go" on every page: such a word is no sign
// that a question is about something the manual is not ("My rebase went wrong halfway through…"),
// as "vanished" in "my commits vanished" is none. The list is the npm package
// `english-verbs-irregular` (RosaeNLG, Apache-2.0): each verb's simple past and past participle.
import { createRequire } from 'node:module';
import type { EnglishVerbsIrregular } from 'english-verbs-irregular';

let bases: Map<string, string[]> | null = null;

function load(): Map<string, string[]> {
  const verbs = createRequire(import.meta.url)('english-verbs-irregular/dist/verbs.json') as EnglishVerbsIrregular;
  const byForm = new Map<string, string[]>();
  for (const [verb, forms] of Object.entries(verbs)) {
    // A form written as its verb ("put", "cut", "read") is the verb itself, said in any tense.
    for (const form of new Set(forms.flat())) if (form !== verb) byForm.set(form, [...(byForm.get(form) ?? []), verb]);
  }
  return byForm;
}

/** The verbs `word` (lower case) is an irregular past form of: "went" → go, "lay" → lie; none for any other word. */
export function irregularPastOf(word: string): readonly string[] {
  bases ??= load();
  return bases.get(word) ?? [];
}
