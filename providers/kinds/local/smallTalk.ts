// Messages that are conversation rather than questions: greetings, thanks, farewells, questions
// about the assistant itself, jokes and requests for made-up text. No document answers them, so
// the offline router never searches knowledge for them. The lists are of conversational
// formulas (closed classes in any chat), not of a particular corpus's vocabulary.

/** What kind of small talk a message is, or null when it is not (wholly) small talk. */
export type SmallTalk = 'greeting' | 'thanks' | 'farewell' | 'about the assistant' | 'joke' | 'creative writing' | 'chit-chat' | 'translation' | 'chance';

const GREETING = /^(?:hi|hello|hey|hiya|howdy|yo|greetings|good (?:morning|afternoon|evening|day)|morning|evening)(?: there| all| everyone| folks| again| friend)?$/;
const THANKS = /^(?:(?:thanks?|thank you|thx|ty|cheers|much appreciated|appreciate it|great|awesome|perfect|nice|cool|ok(?:ay)?|got it|that helps?|that was (?:really |very |so )?(?:helpful|useful|great)|you(?:'re| are) (?:great|helpful|the best))\b.*)$/;
const FAREWELL = /^(?:bye|goodbye|good bye|bye bye|see (?:you|ya)|good night|take care|later|farewell|have a (?:nice|good|great) (?:day|evening|weekend|one))\b.*$/;
// Questions to or about the assistant: its name, its well-being, its nature, its opinion.
const ABOUT_YOU = /\b(?:how are you|how're you|how(?:'s| is) it going|how do you do|what(?:'s| is) up|who are you|what are you|what(?:'s| is) your (?:name|favou?rite\b.*)|are you (?:a |an )?(?:bot|robot|human|real|ai|there|ok|okay|alive)|do you (?:like|love|enjoy|have feelings|dream)|can you hear me|nice to meet you|what do you think about)\b/;
/** The asker's own taste, told after asking the assistant's (ABOUT_YOU). */
const OWN_TASTE = /^(?:mine(?:'s| is| would be)|my (?:own )?(?:favou?rite|pick)(?: one)?(?:'s| is| would be)|i (?:like|love|prefer|enjoy))\b/;
const JOKE = /\b(?:tell me (?:a |another )?(?:joke|riddle|story|fun fact)|(?:a|another) (?:joke|riddle)|make me laugh|something funny)\b/;
// Made-up text: a poem, a story or a toast is composed, not looked up. The kind may come after a
// few words saying what it is like ("a two-line haiku-style note", "a short funny wedding toast"),
// never after a word that starts saying what it is about or for ("a query for the poems table"),
// nor after code's ("a Python script exporting songs" is a program to write).
const CREATIVE_KINDS = 'poem|haiku|limerick|song|story|sonnet|rap|riddle|verse|jingle|toast|eulogy|lullaby|ode|thank you (?:note|card|letter|message)';
const ABOUT_OR_FOR = 'that|which|who|for|to|of|with|in|from|about|on|by|and|or';
const CODE_WORDS = 'script|program|code|function|query|class|test|regex|command|method|module|snippet|loop|trigger|table|view|sql|file';
const CREATIVE = new RegExp(
  `^(?:please )?(?:write|compose|make up|create|give me) (?:me )?(?:a |an |some )?(?:(?!(?:${ABOUT_OR_FOR}|${CODE_WORDS})\\b)[\\p{L}\\p{N}']+ ){0,3}(?:${CREATIVE_KINDS})s?\\b`,
  'u',
);
// Made-up suggestions: a name for a pet, a gift idea, a slogan are invented, not looked up.
const SUGGESTION = /^(?:please )?(?:(?:can|could|would) you )?(?:suggest|recommend|come up with|think of|give me|pick) (?:me )?(?:a |an |some |a few )?(?:good |nice |cool |funny |fun |catchy |creative )?(?:name|nickname|gift|present|slogan|title for)s?\b(?! (?:of|in) )/;
const LANGUAGE = '(?:english|french|german|spanish|italian|chinese|mandarin|japanese|russian|portuguese|dutch|swedish|norwegian|danish|finnish|polish|korean|arabic|hindi|greek|turkish|latin)';
const TRANSLATION = new RegExp(`\\b(?:how (?:do|would|can) (?:you|i|we) say .+ in ${LANGUAGE}|translate .+ (?:in)?to ${LANGUAGE}|what(?:'s| is) .+ in ${LANGUAGE})$`);
// Games of chance asked of the assistant ("Pick a random number between 1 and 10 for me.", "Flip
// a coin."): a draw, not a question. Only as a request to the assistant; "How do I generate a
// random number?" asks the documentation.
const ASK_YOU = '^(?:please )?(?:(?:can|could|would|will) you )?';
const CHANCE = new RegExp(
  `${ASK_YOU}(?:(?:pick|choose|give me|tell me|think of|generate|draw|name) (?:me )?(?:a |an |one )?random (?:number|integer|digit|letter|word|card|colou?r|name)(?: (?:between|from) \\d+ (?:and|to) \\d+)?|(?:flip|toss) a coin|roll (?:a |the |two )?(?:die|dice|d\\d+))(?: for me)?(?: please)?$`,
);
const CHIT_CHAT = /^(?:yes|no|nope|yep|yeah|sure|maybe|lol|haha+|hmm+|wow|oops|sorry|please|help|test(?:ing)?|ping)$/;

/** The message reduced to lower-case words and apostrophes, single-spaced, without end punctuation. */
function normalise(message: string): string {
  return message
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^\p{L}\p{N}'\s]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The kind of small talk `message` is, when all of it is: each sentence must be small talk
 * ("Thanks! How do I rename a branch?" is a question, with thanks in front).
 */
export function smallTalk(message: string): SmallTalk | null {
  const parts = message
    .split(/(?<=[.!?;])\s+|\n+|,\s+(?=(?:and |but )?(?:how|what|where|when|who|can|could|do|does|is|are|tell|see)\b)/i)
    .map(normalise)
    .filter((s) => s.length > 0);
  if (!parts.length) return 'chit-chat';
  let kind: SmallTalk | null = null;
  for (const part of parts) {
    // Asked the assistant's own taste, the asker tells theirs: "What's your favourite Monty Python sketch? Mine is the Dead Parrot one."
    const k: SmallTalk | null = smallTalkSentence(part) ?? (kind === 'about the assistant' && OWN_TASTE.test(part) ? kind : null);
    if (!k) return null;
    kind ??= k;
  }
  return kind;
}

function smallTalkSentence(s: string): SmallTalk | null {
  if (GREETING.test(s)) return 'greeting';
  if (FAREWELL.test(s)) return 'farewell';
  if (JOKE.test(s)) return 'joke';
  if (CREATIVE.test(s) || SUGGESTION.test(s)) return 'creative writing';
  if (TRANSLATION.test(s)) return 'translation';
  if (CHANCE.test(s)) return 'chance';
  if (ABOUT_YOU.test(s)) return 'about the assistant';
  if (CHIT_CHAT.test(s)) return 'chit-chat';
  // Thanks last: "ok" or "great" open many real questions, so only a short sentence counts.
  if (THANKS.test(s) && s.split(' ').length <= 8 && !/\b(?:how|what|why|where|when|which|who)\b/.test(s)) return 'thanks';
  return null;
}

/** What the offline model says to small talk: it cannot chat, so it says what it can do. */
export function smallTalkReply(kind: SmallTalk): string {
  switch (kind) {
    case 'greeting':
      return "Hello! I'm the offline local model: ask me about this project's documents, or for what its tools do.";
    case 'thanks':
      return "You're welcome.";
    case 'farewell':
      return 'Goodbye!';
    default:
      return "This is the offline local model: it answers only from the project's knowledge and tool results, and none were needed for this message. Configure an OpenAI-compatible provider for open-ended answers.";
  }
}
