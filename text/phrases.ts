// Everyday phrases and the words documentation says for them. People ask in phrasal verbs and
// idioms ("shut it down", "get rid of", "log in", "at the same time", "falls behind"); manuals
// answer in single technical words ("stop", "remove", "authentication", "concurrent", "lag").
// The thesaurus (text/synonyms.ts) meets one word with another and the concepts (text/concepts.ts)
// need several words anywhere in the question; a phrase is words said together, in order, so
// "shut" alone means nothing here and "shut … down" means stopping. Written from general usage of
// English in questions about software, not from any corpus or labelled set.
import { words } from './terms.js';

interface Phrase {
  /** The phrase in base form: its first word may be inflected ("shuts", "shutting", "shut"), the rest are said as written. */
  say: string;
  /** The words documentation uses for it. */
  means: string;
}

// prettier-ignore
const PHRASES: readonly Phrase[] = [
  { say: 'shut down', means: 'shutdown stop terminate' },
  { say: 'shut off', means: 'stop disable' },
  { say: 'turn off', means: 'disable off' },
  { say: 'switch off', means: 'disable off' },
  { say: 'turn on', means: 'enable on' },
  { say: 'switch on', means: 'enable on' },
  { say: 'log in', means: 'login authentication authenticate' },
  { say: 'log on', means: 'login authentication authenticate' },
  { say: 'sign in', means: 'login authentication authenticate' },
  { say: 'log out', means: 'logout disconnect' },
  { say: 'sign out', means: 'logout disconnect' },
  { say: 'set up', means: 'setup configure' },
  { say: 'get rid of', means: 'remove delete drop' },
  { say: 'throw away', means: 'discard drop delete' },
  { say: 'throw out', means: 'discard drop delete' },
  { say: 'back up', means: 'backup' },
  { say: 'back out', means: 'revert undo' },
  { say: 'roll back', means: 'rollback revert undo' },
  { say: 'clean up', means: 'cleanup clean remove' },
  { say: 'turn away', means: 'reject refuse' },
  { say: 'kick out', means: 'disconnect terminate' },
  { say: 'keep track of', means: 'track monitor record' },
  { say: 'keep an eye on', means: 'monitor watch' },
  { say: 'at the same time', means: 'concurrent concurrently simultaneous parallel' },
  { say: 'one at a time', means: 'serial sequential' },
  { say: 'one by one', means: 'sequential each' },
  { say: 'in the background', means: 'background daemon asynchronous' },
  { say: 'on the fly', means: 'dynamic runtime online' },
  { say: 'go down', means: 'failure fail down' },
  { say: 'come back', means: 'recover restore reconnect' },
  { say: 'fall behind', means: 'lag delay' },
  { say: 'lag behind', means: 'lag delay' },
  { say: 'catch up', means: 'synchronize sync' },
  { say: 'take over', means: 'failover promote takeover' },
  { say: 'give up', means: 'timeout abort retry' },
  { say: 'try again', means: 'retry' },
  { say: 're read', means: 'reload reread' },
  { say: 'read again', means: 'reload reread' },
  { say: 'start over', means: 'restart reset' },
  { say: 'speed up', means: 'performance optimize faster' },
  { say: 'slow down', means: 'slow performance latency' },
  { say: 'break up', means: 'split divide' },
  { say: 'split up', means: 'split divide' },
  { say: 'put together', means: 'combine merge' },
  { say: 'leave out', means: 'omit exclude ignore' },
  { say: 'carry over', means: 'migrate transfer' },
  { say: 'point to', means: 'reference refer' },
  { say: 'point at', means: 'reference refer' },
  { say: 'hold on to', means: 'keep retain preserve' },
  { say: 'hang on to', means: 'keep retain preserve' },
  { say: 'run out of', means: 'exhaust exceed limit' },
  { say: 'free up', means: 'release free reclaim' },
  { say: 'write down', means: 'record save' },
  { say: 'print out', means: 'print output display' },
  { say: 'show up', means: 'appear' },
  { say: 'make sure', means: 'ensure verify' },
  { say: 'put back', means: 'restore attach' },
  { say: 'let in', means: 'allow accept permit' },
  { say: 'lock out', means: 'deny block' },
  { say: 'hook up', means: 'connect attach' },
  { say: 'plug in', means: 'plugin extension' },
  { say: 'tear down', means: 'remove destroy drop' },
  { say: 'spin up', means: 'start create launch' },
  { say: 'blow up', means: 'fail error crash' },
  { say: 'wipe out', means: 'delete erase' },
  { say: 'in memory', means: 'memory cache' },
  { say: 'out of date', means: 'stale outdated expired' },
  { say: 'up to date', means: 'current latest sync' },
  { say: 'right away', means: 'immediately immediate' },
  { say: 'straight away', means: 'immediately immediate' },
  { say: 'from time to time', means: 'periodic periodically interval' },
  { say: 'every so often', means: 'periodic periodically interval' },
  { say: 'by hand', means: 'manually manual' },
  { say: 'on its own', means: 'automatically automatic' },
  { say: 'by itself', means: 'automatically automatic' },
];

/** Past forms of the irregular verbs the phrases start with (regular ones take -s, -ed, -ing). */
const IRREGULAR: Readonly<Record<string, string>> = {
  shut: 'shut',
  set: 'set',
  put: 'put',
  let: 'let',
  get: 'got gotten',
  throw: 'threw thrown',
  take: 'took taken',
  go: 'went gone goes',
  come: 'came',
  fall: 'fell fallen',
  give: 'gave given',
  bring: 'brought',
  hold: 'held',
  run: 'ran',
  keep: 'kept',
  write: 'wrote written',
  leave: 'left',
  break: 'broke broken',
  make: 'made',
  find: 'found',
  catch: 'caught',
  tear: 'tore torn',
  hang: 'hung',
  read: 'read',
  split: 'split',
  spin: 'spun',
  blow: 'blew blown',
};

/**
 * A particle after its verb may come after the verb's object: "shut Pgpool-II down", "kick them
 * out", up to OBJECT_WORDS words apart. "On" and "in" only after a pronoun ("turn it on"): "log
 * lines in memory" does not log in.
 */
const PARTICLES = new Set(['up', 'down', 'off', 'out', 'away']);
const PRONOUN_PARTICLES = new Set(['on', 'in']);
const PRONOUNS = new Set(['it', 'them', 'this', 'that', 'everything', 'me', 'him', 'her', 'us']);
const OBJECT_WORDS = 3;

function formsOf(verb: string): Set<string> {
  const forms = new Set([verb, `${verb}s`, `${verb}ing`, `${verb}ed`, ...(IRREGULAR[verb]?.split(' ') ?? [])]);
  if (verb.endsWith('e')) forms.add(`${verb.slice(0, -1)}ing`).add(`${verb}d`);
  // stop → stopping, log → logged: a short verb ending consonant-vowel-consonant doubles its last letter.
  if (/^[^aeiou]*[aeiou][^aeiouwxy]$/.test(verb)) forms.add(`${verb}${verb.at(-1)}ing`).add(`${verb}${verb.at(-1)}ed`);
  return forms;
}

const COMPILED = PHRASES.map((p) => {
  const [verb, ...rest] = p.say.split(' ');
  const particle = rest.length === 1 ? rest[0]! : '';
  return { first: formsOf(verb!), rest, particle, means: p.means.split(' ') };
});

/** An everyday phrase said in a text: its words as said there (lower-cased) and the documentation's words for it. */
export interface SaidPhrase {
  said: string[];
  means: readonly string[];
}

/**
 * The everyday phrases `text` says, each once, with the words that said it ("blowing" and "up" of
 * "without it blowing up"). Words are read lower-cased with hyphens and apostrophes as breaks
 * ("re-read", "shut 'em down").
 */
export function phrasesIn(text: string): SaidPhrase[] {
  const said = words(text);
  const out: SaidPhrase[] = [];
  for (const p of COMPILED) {
    for (let i = 0; i < said.length; i++) {
      if (!p.first.has(said[i]!)) continue;
      const inOrder = p.rest.every((w, j) => said[i + 1 + j] === w);
      const apart =
        (PARTICLES.has(p.particle) && said.slice(i + 2, i + 2 + OBJECT_WORDS).includes(p.particle)) ||
        (PRONOUN_PARTICLES.has(p.particle) && PRONOUNS.has(said[i + 1] ?? '') && said[i + 2] === p.particle);
      if (inOrder || apart) {
        out.push({ said: [said[i]!, ...(inOrder ? p.rest : [p.particle])], means: p.means });
        break;
      }
    }
  }
  return out;
}

/** The documentation's words for the everyday phrases `text` says, once each. */
export function phraseWordsOf(text: string): string[] {
  return [...new Set(phrasesIn(text).flatMap((p) => p.means))];
}
