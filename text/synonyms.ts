// A thesaurus of the everyday words people ask technical documentation with, and the words such
// documentation answers in. Written from general usage of software manuals, not from any one
// corpus: each group is words a user may say for one action or thing ("get rid of" for "delete",
// "folder" for "directory"). WordNet's senses were too broad for this ("get" → "have"); these
// groups are narrow on purpose.

import { inflectionKey as key } from './stem.js';

// prettier-ignore
const GROUPS: readonly string[] = [
  'delete remove drop erase discard purge wipe eliminate',
  'undo revert rollback reverse',
  'restore recover',
  'copy clone duplicate replicate',
  'rename',
  'move relocate transfer',
  'show display list print view',
  'combine merge join unite',
  'save store persist keep retain',
  'find search locate lookup',
  'change modify edit alter update adjust',
  'create make add new generate define',
  'error failure fault problem',
  'fast quick speed performance faster quicker',
  'slow slower sluggish',
  'size length big large huge',
  'small tiny little short',
  'setting option parameter configuration configure config preference',
  'permission privilege access right authorization',
  'allow permit enable grant let',
  'forbid deny prevent block disallow disable refuse reject',
  'limit maximum cap ceiling',
  'minimum least floor',
  'compress pack shrink zip',
  'decompress unpack extract unzip',
  'ignore skip exclude omit',
  'include contain',
  'author creator writer',
  'password credential passphrase secret',
  'folder directory',
  'label tag mark annotate',
  'history log',
  'old previous earlier prior former older',
  'latest recent newest current',
  'difference compare diff differ',
  'split divide separate',
  'send submit mail email',
  'download fetch retrieve',
  'upload publish',
  'connect connection link attach',
  'stop halt abort cancel terminate kill interrupt shutdown',
  'pause suspend wait',
  'run execute invoke launch',
  'check verify validate test confirm',
  'fix repair correct',
  'lost missing gone vanished',
  'hide conceal mask',
  'sort order arrange rank',
  'count number total tally',
  'unique distinct',
  'empty blank',
  'optimize tune',
  'backup archive snapshot dump',
  'schedule periodic recurring',
  'encrypt cipher encode',
  'decrypt decode',
  'temporary temp transient scratch',
  'column field attribute',
  'row record entry',
  'trigger hook callback',
  'function routine procedure',
  'text string characters',
  'automatic automatically',
  'machine computer host server',
  'user account',
  'command instruction',
  'begin start initiate startup boot',
  'end finish complete',
  'whole entire complete',
  'insert put',
  'replace substitute swap',
  'shorten abbreviate truncate',
  'lowercase uppercase case',
  'duplicate repeated',
  'match pattern regex',
  'random arbitrary',
  'share collaborate',
  'branch fork',
  'conflict clash',
  'safe secure',
  'broken corrupt damaged',
  'fail crash',
  'message note comment',
  'describe explain summary',
  'picture image',
  'week weekly',
  'day daily',
  // Running servers: how administrators talk about them against the words their manuals use.
  'concurrent simultaneous parallel',
  'idle inactive unused',
  'alive healthy reachable responsive',
  'dead unreachable unresponsive',
  'delay lag latency',
  'interval period frequency',
  'timeout deadline',
  'retry reattempt',
  'reload reread refresh',
  'expire expiration lifetime ttl',
  'checksum digest hash',
  'certificate cert',
  'memory ram',
  'disk storage drive',
  'primary master leader',
  'standby replica secondary slave follower',
  'failover switchover takeover',
  'queue backlog',
  'login logon signin authenticate authentication',
  'statistics stats metrics counters',
  'monitor watch observe',
  'version release',
  'install setup deploy',
  'hang freeze stuck',
  'spread distribute balance',
  'percentage ratio fraction proportion',
];

const BY_KEY = new Map<string, string[]>();
for (const group of GROUPS) {
  const words = group.split(' ');
  for (const w of words) {
    const k = key(w);
    const others = words.filter((x) => key(x) !== k);
    BY_KEY.set(k, [...new Set([...(BY_KEY.get(k) ?? []), ...others])]);
  }
}

/** The thesaurus's other words for each word of `words` (none for words it does not hold), without the words themselves. */
export function synonymsOf(words: readonly string[]): string[] {
  const own = new Set(words.map(key));
  const out = new Set<string>();
  for (const w of words) for (const s of BY_KEY.get(key(w)) ?? []) if (!own.has(key(s))) out.add(s);
  return [...out];
}
