// Words of a person's own life — the people in it, their body and health, its events and feelings —
// which documentation of software does not say and a question about it seldom does either. A
// question saying one the knowledge never says is about the asker's life, however many of the
// knowledge's words it borrows ("…not ready to commit after three years together" from a boyfriend;
// "…a migraine trigger" in a manual of triggers). Kept to words that are no one's sample data:
// not foods, pets, objects or jobs, which a question about a table of them may well say.
import { inflectionKey } from './stem.js';

// Met by inflection (text/stem.ts); where the crude stemmer reads two forms apart ("sibling" as
// "sibl", "calories" as "calory"), both are listed.
// prettier-ignore
const LIFE: readonly string[] = [
  // People close to one, by what they are to one.
  'boyfriend girlfriend husband wife spouse fiance fiancee grandmother grandma granny grandfather grandpa grandparent',
  'mom mum mommy mother dad daddy father daughter son kid toddler baby nephew niece aunt uncle cousin sibling siblings sister brother roommate',
  // A life's events.
  'dating married marriage wedding divorce breakup pregnant pregnancy funeral honeymoon anniversary birthday retirement',
  // Body and health.
  'diet dieting calorie calories workout gym migraine headache fever flu cough dentist doctor therapist insomnia allergy sunburn acne',
  // Feelings.
  'anxiety anxious depressed depression lonely loneliness nervous fright scared grief heartbreak',
  // Home and leisure.
  'houseplant gardening chores laundry vacation holiday christmas thanksgiving hiking guitar piano',
];

const KEYS: ReadonlySet<string> = new Set(LIFE.flatMap((line) => line.split(' ')).map(inflectionKey));

/** Whether `word` (a question's content word, lower-cased) is one of a person's own life. */
export function isLifeWord(word: string): boolean {
  return KEYS.has(inflectionKey(word));
}
