// The offline router's decisions, on a fake corpus: which tools a message needs, and why.
import { routeLocally } from '../../../providers/kinds/local/router.js';
import { KNOWLEDGE_TOOL, type CorpusStats, type ToolSpec } from '../../../providers/types.js';

/**
 * A corpus of 1,000 chunks about version control: the words it holds and in how many chunks.
 * Two words meet in as many chunks as `together` says ("a b"), else in all the rarer one's: its
 * words are about one thing unless a test says otherwise.
 */
function fakeCorpus(frequencies: Record<string, number>, chunks = 1_000, together: Record<string, number> = {}): CorpusStats & { asked: string[][] } {
  const asked: string[][] = [];
  const df = (t: string) => (Object.hasOwn(frequencies, t) ? frequencies[t]! : 0);
  return {
    chunks,
    asked,
    documentFrequency(terms: string[]) {
      asked.push(terms);
      return Promise.resolve(new Map(terms.map((t) => [t, df(t)])));
    },
    jointFrequency(pairs) {
      return Promise.resolve(pairs.map(([a, b]) => together[`${a} ${b}`] ?? together[`${b} ${a}`] ?? Math.min(df(a), df(b))));
    },
  };
}

const corpus = fakeCorpus({
  undo: 12, last: 150, commit: 600, keep: 90, changes: 400, rename: 40, branch: 500, revert: 25, git: 990, long: 70,
  egg: 1, status: 120, order: 80, see: 700, files: 650, changed: 400, stash: 30, hot: 3, standby: 2, configure: 60,
  'push.default': 8, 'pool_hba.conf': 6, show: 500, setting: 300, control: 90, tell: 50, me: 0, how: 1_000, look: 200, check: 150, throw: 5, away: 30,
  limit: 120, apply: 90, before: 400, after: 400, store: 60, readings: 20, table: 300, fast: 50, forward: 50, remind: 10, explanation: 15, steps: 25, expect: 150, expected: 150,
});

const orderStatus: ToolSpec = {
  name: 'order_status',
  description: 'Look up the shipping status and delivery estimate of a customer order by its order id.',
  parameters: { type: 'object', required: ['order_id'], properties: { order_id: { type: 'string', description: 'The order id or number, e.g. 48213' } } },
};
const weather: ToolSpec = {
  name: 'get_weather',
  description: 'Current weather (temperature and conditions) for a city.',
  parameters: { type: 'object', required: ['city'], properties: { city: { type: 'string', description: 'City name, e.g. Oslo' } } },
};
const all = [KNOWLEDGE_TOOL, orderStatus, weather];

const calls = async (message: string, tools = all, stats: CorpusStats | undefined = corpus) =>
  (await routeLocally(message, tools, stats)).calls.map((c) => [c.name, c.arguments]);

describe('the offline router', () => {
  it.each(['Hi there!', 'Good morning!', 'Tell me a joke.', 'Thanks, that was really helpful!', 'Bye, see you tomorrow!', "What's your name?", 'How are you today?', 'Write a haiku about autumn.', 'Write a two-line haiku-style note thanking my team for finishing early.', 'Write a short wedding toast for my sister.', 'Suggest a name for my cat.', 'Flip a coin.', 'Pick a random number between 1 and 10 for me.', "What's your favourite Monty Python sketch? Mine is the Dead Parrot one."])(
    'calls nothing for small talk: %s',
    async (message) => {
      const route = await routeLocally(message, all, corpus);
      expect(route.calls).toEqual([]);
      expect(route.reason).toMatch(/^small talk \(/);
      expect(corpus.asked.flat()).not.toContain('joke');
    },
  );

  it.each(['What is 17 times 3?', "What's 250 divided by 5?", 'calculate 2 + 3 * 4', 'What is 9 squared?', 'What is the square root of 144?', 'What is 15 percent of 80?'])('calls nothing for arithmetic: %s', async (message) => {
    const route = await routeLocally(message, all, corpus);
    expect(route).toEqual({ calls: [], reason: 'arithmetic: worked out directly, nothing to look up or call' });
  });

  it('searches for a program or a query to write, though its words name a poem or a song', async () => {
    const manual = fakeCorpus({ write: 300, python: 400, script: 200, exporting: 60, songs: 2, csv: 90, query: 300, poems: 1, table: 500 });
    for (const question of ['Write a Python script exporting songs to CSV.', 'Write a query for the poems table.']) {
      const route = await routeLocally(question, all, manual);
      expect(route.reason).not.toMatch(/^small talk/);
      expect(route.calls.map((c) => c.name)).toEqual(['search_knowledge']);
    }
  });

  it('asks the documentation how to draw a random number, though drawing one for the user is small talk', async () => {
    const manual = fakeCorpus({ generate: 60, random: 40, number: 300, numbers: 200 });
    expect(await calls('How do I generate a random number?', all, manual)).toEqual([['search_knowledge', { query: 'How do I generate a random number?' }]]);
    expect(await calls('Generate a random number between 1 and 100.', all, manual)).toEqual([]);
  });

  it('searches knowledge for a question the corpus covers, saying how well it covers it', async () => {
    const route = await routeLocally('How do I undo my last commit but keep the changes?', all, corpus);
    expect(route.calls).toEqual([{ id: 'local-knowledge', name: 'search_knowledge', arguments: { query: 'How do I undo my last commit but keep the changes?' } }]);
    expect(route.reason).toMatch(/^the knowledge covers ".*" \(IDF coverage 1\.00 ≥ 0\.5 over 1000 chunks; commit \d+×, undo \d+× as common there as in everyday English\)$/);
  });

  it('does not search for a question in everyday words, though the knowledge holds each of them somewhere', async () => {
    // A software manual says "speed" and "light" now and then, no more often than people do.
    const manual = fakeCorpus({ speed: 6, light: 1, meaning: 5, life: 1, commit: 600, edits: 20, unfinished: 2, aside: 1, later: 40, back: 30, put: 300, get: 400, while: 500 });
    const route = await routeLocally('What is the speed of light?', all, manual);
    expect(route.calls).toEqual([]);
    expect(route.reason).toMatch(/^"What is the speed of light\?" is worded as everyday English, not as the knowledge is \(IDF coverage 1\.00 ≥ 0\.5 over 1000 chunks; speed [\d.]+×, light [\d.]+× as common there as in everyday English: [\d.]+× < 1×\)/);
    expect(await calls('What is the meaning of life?', all, manual)).toEqual([]);
    // A question in everyday words still has one the manual says far more than people do.
    expect(await calls('How do I throw away my changes?', all, corpus)).toEqual([['search_knowledge', { query: 'How do I throw away my changes?' }]]);
    expect(await calls('How do I put my unfinished edits aside for a while and get them back later?', all, manual)).toEqual([
      ['search_knowledge', { query: 'How do I put my unfinished edits aside for a while and get them back later?' }],
    ]);
  });

  it('reads asking for advice and a Roman numeral as phrasing, not as what the question is about', async () => {
    // A manual "recommends" settings and says "simply" and "Pgpool-II" on every other page; it also has a book list and a year or two.
    const manual = fakeCorpus({ recommend: 300, simply: 200, ii: 400, book: 3, read: 150, year: 10, world: 5, end: 120, quantum: 1, physics: 1, setting: 300, buffers: 40 });
    expect(await calls('Recommend a good book to read.', all, manual)).toEqual([]);
    expect(await calls('Explain quantum physics simply.', all, manual)).toEqual([]);
    expect(await calls('What year did World War II end?', all, manual)).toEqual([]);
    const tipped = fakeCorpus({ tip: 200, healthy: 2, staying: 5, winter: 1 });
    expect(await calls('Give me a tip for staying healthy in winter.', all, tipped)).toEqual([]);
    expect((await routeLocally('What year did World War II end?', all, manual)).reason).not.toMatch(/\bii\b/);
    // The question's subject still decides.
    expect(await calls('What setting for buffers do you recommend?', all, manual)).toEqual([['search_knowledge', { query: 'What setting for buffers do you recommend?' }]]);
  });

  it('does not search for everyday words the knowledge says only in passing, but does for a name said once', async () => {
    // 500 chunks: a word must be in 3 of them to count in full; "continent" is in one ("on a continent A"),
    // more than everyday English would put there (so it is worded as the manual is), but far from a subject.
    const manual = fakeCorpus({ continents: 1, heappush: 1, commit: 300 }, 500);
    const route = await routeLocally('How many continents are there?', all, manual);
    expect(route.calls).toEqual([]);
    expect(route.reason).toMatch(/^the knowledge mentions "How many continents are there\?" only in passing: each of its words in fewer than 3 of 500 chunks \(IDF coverage 1\.00 ≥ 0\.5 over 500 chunks; continents [\d.]+× as common there as in everyday English\)/);
    // A name nobody says in speech is the subject wherever it is said.
    expect(await calls('What does heappush do?', all, manual)).toEqual([['search_knowledge', { query: 'What does heappush do?' }]]);
  });

  it('leaves out of coverage the values a question quotes one word at a time, but not a phrase it quotes', async () => {
    // A database manual: a file's name and an alias the asker chose are nowhere in it, as their numbers would not be.
    const manual = fakeCorpus(
      { attach: 20, database: 400, databases: 150, table: 300, used: 500, same: 300, name: 250, both: 200, after: 400, one: 600, origin: 30, phrase: 40, break: 60 },
      1_000,
      { 'origin phrase': 0, 'origin break': 0, 'phrase break': 0 },
    );
    const question = "After ATTACH DATABASE 'archive.db' AS arc, which table is used when both databases have one with the same name?";
    const route = await routeLocally(question, all, manual);
    expect(route.calls.map((c) => c.name)).toEqual(['search_knowledge']);
    expect(route.reason).toMatch(/not in the knowledge: arc[;)]/);
    // Quoted words are language: "leg" is a word the manual never says, and the question is about the world.
    const idiom = await routeLocally("What's the origin of the phrase 'break a leg'?", all, manual);
    expect(idiom.calls).toEqual([]);
    expect(idiom.reason).toMatch(/not in the knowledge: leg[;)]/);
  });

  it('leaves out of coverage the files a question names as examples, and reads "e.g." as no name', async () => {
    // A language's manual: "a.txt" and "b.txt" are the asker's example files, nowhere in it.
    const manual = fakeCorpus({ cli: 30, options: 300, accept: 90, variable: 120, number: 400, values: 500, files: 200, end: 300, list: 600, one: 700, up: 300 });
    const question = 'how can one of my CLI options accept a variable number of values, e.g. --files a.txt b.txt c.txt, and end up as a list?';
    const route = await routeLocally(question, all, manual);
    expect(route.calls.map((c) => c.name)).toEqual(['search_knowledge']);
    expect(route.reason).not.toMatch(/not in the knowledge/);
  });

  it('does not search for a question about the world that borrows one word of the knowledge\'s, but does for a documentation question naming something it lacks', async () => {
    // A pooler's manual: "pool" in 40 % of its chunks, "clean" and "often" now and then, "swimming" never.
    const manual = fakeCorpus({ pool: 400, clean: 5, often: 10 });
    const route = await routeLocally('How often should I clean my swimming pool?', all, manual);
    expect(route.calls).toEqual([]);
    expect(route.reason).toMatch(/^"How often should I clean my swimming pool\?" is about the world: it says swimming, which the knowledge never does \(pool beside it, in another sense\), and none of its words is 2× as common there as in everyday English or more \(IDF coverage 0\.\d+ ≥ 0\.5 over 1000 chunks; not in the knowledge: swimming; /);
    // "hotfix" is nowhere in the version-control manual either, but stash, rename and branch are its words.
    expect(await calls('How do I stash my changes before I rename the hotfix branch?', all, corpus)).toEqual([['search_knowledge', { query: 'How do I stash my changes before I rename the hotfix branch?' }]]);
  });

  it('does not search for a question about a name of the world that the knowledge says only in passing, but does where the name is its subject', async () => {
    // A language's manual of 3,000 chunks: "capital" now and then (capital letters), "Australia" in two
    // examples ("Australia/Melbourne" among time zones): fewer than everyday English says it.
    const manual = fakeCorpus({ capital: 40, australia: 2 }, 3_000);
    const route = await routeLocally("What's the capital of Australia?", all, manual);
    expect(route.calls).toEqual([]);
    expect(route.reason).toMatch(/^"What's the capital of Australia\?" is about the world: it says australia, a name the knowledge says less often than everyday English does, and only capital \([\d.]+×\) of its words is 2× as common there as in everyday English or more /);
    // A travel guide's knowledge is about Australia: there the name is its own word, and the question is searched.
    const guide = fakeCorpus({ capital: 40, australia: 600 }, 3_000);
    expect(await calls("What's the capital of Australia?", all, guide)).toEqual([['search_knowledge', { query: "What's the capital of Australia?" }]]);
  });

  it('does not search for a thing of the world whose name qualifies the knowledge\'s word ("a gratitude journal"), but does for a superlative or a rare word before it', async () => {
    // A database manual of 2,000 chunks: "journal" (a rollback journal) and "begin" (BEGIN) are its words, "gratitude" never.
    const manual = fakeCorpus({ journal: 80, entries: 100, want: 300, lay: 30, begin: 60, start: 300, keeping: 40, values: 400, list: 300, sorting: 50, whole: 200, thing: 20, recover: 30, get: 500, out: 400, without: 300, before: 400, again: 200 }, 2_000);
    const route = await routeLocally('I want to start a gratitude journal. How should I lay out the entries?', all, manual);
    expect(route.calls).toEqual([]);
    expect(route.reason).toMatch(/is about the world: it says gratitude, which the knowledge never does \(journal beside it, in another sense\), and only entries \([\d.]+×\) of its words/);
    // "biggest" is nowhere in it either, but a superlative says which of its values, and the question is its own.
    const biggest = 'How do I get the 10 biggest values out of a list without sorting the whole thing?';
    expect(await calls(biggest, all, manual)).toEqual([['search_knowledge', { query: biggest }]]);
    // A rare word before the manual's one is the asker's wording of its subject: "a botched journal" is searched.
    const botched = 'How do I recover a botched journal before I begin again?';
    expect(await calls(botched, all, manual)).toEqual([['search_knowledge', { query: botched }]]);
  });

  it('does not search for a thing of the world that the knowledge\'s word qualifies ("index cards"), but does after a verb\'s past ("my commits vanished")', async () => {
    // A database manual of 2,000 chunks: "index" is its word, "cards" never; a version-control one says "commits", never "vanished".
    const manual = fakeCorpus({ index: 300, organize: 8, best: 20, way: 60, studying: 6, commits: 200, hard: 30, reset: 40, mistake: 5, couple: 3, any: 300, back: 200 }, 2_000);
    const cards = "What's the best way to organize index cards when studying?";
    const route = await routeLocally(cards, all, manual);
    expect(route.calls).toEqual([]);
    expect(route.reason).toMatch(/is about the world: it says cards, which the knowledge never does \(index beside it, in another sense\)/);
    const vanished = 'I did a hard reset by mistake and a couple of my commits vanished. Is there any way to get them back?';
    expect(await calls(vanished, all, manual)).toEqual([['search_knowledge', { query: vanished }]]);
  });

  it('reads an irregular past ("went") of a verb the knowledge says as no sign of a thing of the world, but one of a verb it never says as such a sign', async () => {
    // A version-control manual of 2,000 chunks that says "rebase" and "go", never "went".
    const words = { rebase: 40, wrong: 30, halfway: 2, get: 300, back: 200, started: 20, through: 150, before: 400 };
    const rebase = 'My rebase went wrong halfway through. How do I get back to where I was before I started it?';
    const route = await routeLocally(rebase, all, fakeCorpus({ ...words, go: 150 }, 2_000));
    expect(route.calls).toEqual([{ id: 'local-knowledge', name: 'search_knowledge', arguments: { query: rebase } }]);
    // The figures still say what the knowledge lacks.
    expect(route.reason).toContain('not in the knowledge: went');
    // A manual that never says "go" either: "went" is a word of the world there, and "rebase" beside it is read in another sense.
    const elsewhere = await routeLocally(rebase, all, fakeCorpus(words, 2_000));
    expect(elsewhere.calls).toEqual([]);
    expect(elsewhere.reason).toContain('is about the world: it says went, which the knowledge never does');
  });

  it('does not search for what belongs to a thing of the world ("the branches of an apple tree"), but does for the knowledge\'s own things', async () => {
    // A version-control manual of 2,000 chunks: "branches", "tree", "prune" and "remote" are its words, "apple" never.
    const manual = fakeCorpus({ branches: 300, tree: 200, prune: 40, best: 100, time: 300, year: 20, remote: 250, delete: 150 }, 2_000);
    const apple = 'When is the best time of year to prune the branches of an apple tree?';
    const route = await routeLocally(apple, all, manual);
    expect(route.calls).toEqual([]);
    expect(route.reason).toMatch(/it says apple, which the knowledge never does \(tree, branches beside it, in another sense\)/);
    // The branches of a thing the knowledge names are its own.
    const remote = 'How do I delete the branches of a remote?';
    expect(await calls(remote, all, manual)).toEqual([['search_knowledge', { query: remote }]]);
  });

  it('does not search for a question about the world whose borrowed words the knowledge never says together, but does when it does', async () => {
    // A version-control manual of 2,000 chunks that says "hook", "size" and "streams" often, each in its own sense, and "trout" never.
    const frequencies = { hook: 100, size: 80, streams: 50, works: 300, best: 100, small: 120 };
    const trout = 'Which hook size works best for trout fishing in small streams?';
    // Strewn at random "size" and "streams" would meet in 2 chunks, "hook" and "size" in 4 (and so on); here they meet no more often.
    const strewn = { 'hook size': 1, 'hook streams': 0, 'hook small': 0, 'size small': 1, 'streams small': 0 };
    const apart = fakeCorpus(frequencies, 2_000, { ...strewn, 'size streams': 2 });
    const route = await routeLocally(trout, all, apart);
    expect(route.calls).toEqual([]);
    expect(route.reason).toMatch(/^"Which hook size works best for trout fishing in small streams\?" is about the world: it says trout, fishing, which the knowledge never does, and its telling words meet there no more often than chance would have them \(streams with size in 2 chunks, 2 by chance, streams with hook in 0 chunks, 2\.5 by chance, /);
    // The same words said together more often than chance: a question about what the manual is about, the missing word and all.
    const together = fakeCorpus(frequencies, 2_000, { ...strewn, 'size streams': 12 });
    expect(await calls(trout, all, together)).toEqual([['search_knowledge', { query: trout }]]);
    // Words too rare to be expected together even once tell nothing by never meeting.
    const rare = fakeCorpus({ ...frequencies, hook: 40, size: 45, streams: 10, small: 40 }, 2_000, { ...strewn, 'hook size': 0, 'size small': 0, 'size streams': 0 });
    expect(await calls(trout, all, rare)).toEqual([['search_knowledge', { query: trout }]]);
  });

  it("does not search for a question about the asker's own life the knowledge never speaks of, however many of its words it says", async () => {
    // A version-control manual that says "commit", "ready" and "together" many times as often as everyday English does, "boyfriend" never.
    const frequencies = { commit: 600, ready: 200, three: 50, years: 40, together: 250, says: 90, team: 70, he: 300, it: 900, not: 800, after: 400 };
    const question = "My boyfriend says he's not ready to commit after three years together.";
    const route = await routeLocally(question, all, fakeCorpus(frequencies));
    expect(route.calls).toEqual([]);
    expect(route.reason).toMatch(/^"My boyfriend says he's not ready to commit after three years together\." is about the asker's own life: it says boyfriend, which the knowledge never does \(IDF coverage /);
    // The same question of a team is the manual's; and knowledge that speaks of boyfriends (a dating app's help) is searched for it.
    expect(await calls("My team says it's not ready to commit after three years together.", all, fakeCorpus(frequencies))).toEqual([['search_knowledge', { query: "My team says it's not ready to commit after three years together." }]]);
    expect(await calls(question, all, fakeCorpus({ ...frequencies, boyfriend: 30 }))).toEqual([['search_knowledge', { query: question }]]);
  });

  it('searches a question naming a class\'s method the knowledge documents by the method\'s name alone ("Timer.autorange()")', async () => {
    // A library reference that writes the method under its class, as "autorange(callback=None)", never "Timer.autorange".
    const reference = fakeCorpus({ timeit: 40, autorange: 3, timer: 30, exactly: 20 });
    const question = 'what does Timer.autorange() in timeit do exactly?';
    const route = await routeLocally(question, all, reference);
    expect(route.calls.map((c) => c.name)).toEqual(['search_knowledge']);
    expect(route.reason).not.toMatch(/not in the knowledge/);
    // Nor is a file's name read by its extension: "notes.md" stays a value the knowledge lacks.
    expect(await calls('Summarise notes.md for me', all, fakeCorpus({ md: 30, summarise: 0 }))).toEqual([]);
  });

  it('reads an interjection and a clipped "prod" as no subject the knowledge lacks', async () => {
    // A database manual: it says "production", never "oops" or "prod".
    const manual = fakeCorpus({ drop: 80, index: 400, wrong: 30, production: 10, undo: 12, recreate: 8, ran: 5 });
    const question = 'oops, ran DROP INDEX on the wrong index in prod. is there any undo, or do I just have to recreate it?';
    const route = await routeLocally(question, all, manual);
    expect(route.calls.map((c) => c.name)).toEqual(['search_knowledge']);
    expect(route.reason).not.toMatch(/not in the knowledge/);
  });

  it('reads the manner a way is asked for in ("the cleanest way", "quickly") as no subject the knowledge lacks', async () => {
    // A language's manual: it says "temporary", "directory", "removed", "tests", never "cleanest" or "quickly".
    const manual = fakeCorpus({ temporary: 60, directory: 200, removed: 90, automatically: 80, tests: 120, test: 150, fails: 40, unit: 30, create: 300, even: 100, if: 1_500, way: 200 }, 2_000);
    const question = "For my unit tests I need a temporary directory that is removed automatically, even if a test fails. What's the cleanest way to create it quickly?";
    const route = await routeLocally(question, all, manual);
    expect(route.calls.map((c) => c.name)).toEqual(['search_knowledge']);
    expect(route.reason).not.toMatch(/not in the knowledge/);
  });

  it('does not search for a word asked about as a word that the knowledge never says', async () => {
    // A library reference says "dictionary", "style" and "definition" throughout, "serendipity" never.
    const reference = fakeCorpus({ dictionary: 300, style: 80, definition: 150, word: 60, give: 40 });
    const question = "Give me a dictionary-style definition of the word 'serendipity'.";
    const route = await routeLocally(question, all, reference);
    expect(route.calls).toEqual([]);
    expect(route.reason).toMatch(/asks about the word serendipity, which the knowledge never says/);
    // Quoted as a value, a word the knowledge lacks still tells nothing: the question is searched.
    expect(await calls("Give me a dictionary-style definition of the key 'serendipity'.", all, fakeCorpus({ dictionary: 300, style: 80, definition: 150, key: 200, give: 40 }))).toEqual([['search_knowledge', { query: "Give me a dictionary-style definition of the key 'serendipity'." }]]);
    // A word the knowledge does say is searched when asked about as a word.
    expect(await calls("Give me a dictionary-style definition of the word 'serendipity'.", all, fakeCorpus({ dictionary: 300, style: 80, definition: 150, word: 60, give: 40, serendipity: 2 }))).toEqual([
      ['search_knowledge', { query: "Give me a dictionary-style definition of the word 'serendipity'." }],
    ]);
  });

  it('does not search for a word asked about for its sense, sound or spelling that the knowledge never says', async () => {
    const reference = fakeCorpus({ dictionary: 300, definition: 150, sentence: 80, use: 400, spell: 3, meaning: 20 });
    expect(await calls("What's a dictionary definition of 'serendipity', and can you use it in a sentence?", all, reference)).toEqual([]);
    expect(await calls("How do you spell 'serendipity' in a sentence?", all, reference)).toEqual([]);
    // The knowledge's own word, asked about for its meaning, is searched.
    expect(await calls("What's the meaning of 'rebase' in a sentence?", all, fakeCorpus({ meaning: 20, sentence: 80, rebase: 40 }))).toEqual([
      ['search_knowledge', { query: "What's the meaning of 'rebase' in a sentence?" }],
    ]);
  });

  it('reads no city from common words after "for" or "of", which say whom or what as often as where', async () => {
    expect(await calls("What's a comfortable water temperature for toddlers?", [weather])).toEqual([]);
    expect(await calls('What is the usual temperature of water in a heated pool?', [weather])).toEqual([]);
    // A name written in lower case is still one after them, and after "in" a common word may be one too.
    expect(await calls('temperature for paris?', [weather])).toEqual([['get_weather', { city: 'paris' }]]);
    expect(await calls("what's the weather for salt lake city", [weather])).toEqual([['get_weather', { city: 'salt lake city' }]]);
    expect(await calls('weather in nice today', [weather])).toEqual([['get_weather', { city: 'nice' }]]);
  });

  it('calls no tool on a message that shares only the word its argument is named by', async () => {
    // "city" is get_weather's argument and a word of its description; the message asks nothing of
    // the weather, and with knowledge beside it that does not cover the rest, the city was enough.
    expect(await calls('Where can I get the best view over the city in Paris?')).toEqual([]);
    expect(await calls('Which city museums are open late in Vienna?')).toEqual([]);
    // A word of what it tells, beside the city, still calls it.
    expect(await calls('What are the conditions in the city of Paris today?')).toEqual([['get_weather', { city: 'Paris' }]]);
    expect(await calls('Is it raining in the city of Paris?')).toEqual([['get_weather', { city: 'Paris' }]]);
  });

  it('searches for a keyword the question writes in capitals, however chatty the rest', async () => {
    const manual = fakeCorpus({ vacuum: 40, file: 300, rows: 200, deleted: 60, run: 250, huge: 3, small: 80, stays: 2, even: 90, actually: 10 });
    const chatty = 'What does VACUUM actually do and when should I run it? My db file stays huge even after I deleted tons of rows, which is annoying because it sits on a small SD card.';
    const route = await routeLocally(chatty, [KNOWLEDGE_TOOL], manual);
    expect(route.calls.map((c) => c.name)).toEqual(['search_knowledge']);
    expect(route.reason).toMatch(/writes VACUUM in capitals/);
    // Written as a word of the sentence, it is one of its words; a message all in capitals shouts.
    expect(await calls(chatty.replace('VACUUM', 'vacuum'), [KNOWLEDGE_TOOL], manual)).toEqual([]);
    expect(await calls(chatty.toUpperCase(), [KNOWLEDGE_TOOL], manual)).toEqual([]);
  });

  it('reads an argument named in camelCase as its words, as one named in snake_case', async () => {
    const cityWeather: ToolSpec = {
      name: 'getWeather',
      description: weather.description,
      parameters: { type: 'object', required: ['cityName'], properties: { cityName: { type: 'string', description: 'City name, e.g. Oslo' } } },
    };
    const tools = [KNOWLEDGE_TOOL, cityWeather];
    expect(await calls('Where can I get the best view over the city in Paris?', tools)).toEqual([]);
    expect(await calls('What are the conditions in the city of Paris today?', tools)).toEqual([['getWeather', { cityName: 'Paris' }]]);
  });

  it('does not search for a compound written with hyphens that the knowledge never says, for the part it does', async () => {
    // "push" is all over a manual of version control, "ups" in a few chunks, never beside "push";
    // the question's other words are the manual's only in passing, never together.
    const apart = { 'per total': 0, 'per beginner': 0, 'per day': 0, 'total beginner': 0, 'total day': 0, 'beginner day': 0 };
    const frequencies = { push: 400, ups: 4, per: 150, total: 60, beginner: 2, day: 40, fast: 60, forward: 80, merge: 300 };
    const manual = fakeCorpus(frequencies, 1_000, { ...apart, 'push ups': 0 });
    expect(await calls('How many push-ups should a total beginner do per day?', all, manual)).toEqual([]);
    // A compound the knowledge says is its own word.
    expect(await calls('How do I do a fast-forward merge?', all, manual)).toEqual([['search_knowledge', { query: 'How do I do a fast-forward merge?' }]]);
    // Said together somewhere, the parts may be the knowledge's compound after all.
    const saidTogether = fakeCorpus(frequencies, 1_000, { ...apart, 'push ups': 3 });
    expect(await calls('How many push-ups should a total beginner do per day?', all, saidTogether)).toHaveLength(1);
  });

  it('reads no city from "in a …": an indefinite article says what kind of place, not which', async () => {
    const question = "Where's the smartest place in a small apartment to stash bulky winter coats?";
    expect(await calls(question, all, fakeCorpus({ stash: 30, place: 20, small: 90 }))).toEqual([]);
    // "in the …" may still name one, and a capitalized name is read as before.
    expect(await calls('do I need a coat in the hague today', [weather])).toEqual([['get_weather', { city: 'hague' }]]);
    expect(await calls('Do I need a winter coat in a city like Oslo today?', [weather])).toEqual([['get_weather', { city: 'Oslo' }]]);
  });

  it('counts a clipped word as said when the knowledge says it in full ("db", "app")', async () => {
    // A manual that writes "database" and "application", never "db" or "app".
    const manual = fakeCorpus({ database: 500, application: 200, schema: 80, version: 120, file: 400, inside: 50, store: 60 });
    const question = "Where can I stash my app's schema version inside the db file?";
    const route = await routeLocally(question, all, manual);
    expect(route.calls).toEqual([{ id: 'local-knowledge', name: 'search_knowledge', arguments: { query: question } }]);
    expect(route.reason).toMatch(/not in the knowledge: stash;/);
  });

  it('counts a word made with -able as said when the knowledge says the word it is made from ("sortable")', async () => {
    // A manual that says "sort" and "class" but never "sortable".
    const manual = fakeCorpus({ sort: 120, class: 300, make: 400 });
    const question = 'How do I make a class sortable?';
    const route = await routeLocally(question, all, manual);
    expect(route.calls.map((c) => c.name)).toEqual(['search_knowledge']);
    expect(route.reason).not.toMatch(/not in the knowledge/);
  });

  it('counts an adverb in -ly as said when the knowledge says its adjective ("automatically")', async () => {
    // A pooler's manual says "automatic" but never the adverb.
    const manual = fakeCorpus({ worker: 60, replaced: 15, automatic: 40, get: 300 }, 665);
    const route = await routeLocally('Can a worker get replaced automatically?', all, manual);
    expect(route.calls.map((c) => c.name)).toEqual(['search_knowledge']);
    expect(route.reason).not.toMatch(/not in the knowledge/);
  });

  it('counts a compound of a prefix and a word the knowledge says as said ("subfolder", "monorepo"), but not of any prefix ("supermarket")', async () => {
    // A manual that says "folder", "repository" and "check" but never the compounds.
    const manual = fakeCorpus({ folder: 40, repository: 900, check: 300, out: 250, only: 300, one: 700, huge: 5, market: 3, keys: 60, locked: 20, trick: 5 });
    const route = await routeLocally('our monorepo is huge, how do I check out only one subfolder of it?', all, manual);
    expect(route.calls.map((c) => c.name)).toEqual(['search_knowledge']);
    expect(route.reason).not.toMatch(/not in the knowledge/);
    expect((await routeLocally('I locked my keys in the car at the supermarket. Any trick to get them out?', all, manual)).reason).toMatch(/not in the knowledge: .*supermarket/);
  });

  it('judges a chunk by its length: a word in 2% of 40-word chunks is telling, in 2% of 4,000-word ones it is not', async () => {
    const question = 'How do I pay with a card?';
    const shortChunks = { ...fakeCorpus({ pay: 20, card: 20 }), tokens: 1_000 * 53 };
    const longChunks = { ...fakeCorpus({ pay: 20, card: 20 }), tokens: 1_000 * 5_300 };
    expect(await calls(question, all, shortChunks)).toEqual([['search_knowledge', { query: question }]]);
    expect(await calls(question, all, longChunks)).toEqual([]);
  });

  it('does not search for a question whose telling words the corpus lacks, and names them', async () => {
    const capital = await routeLocally('What is the capital of Australia?', all, corpus);
    expect(capital.calls).toEqual([]);
    expect(capital.reason).toContain('not in the knowledge: capital, australia');
    // "long" occurs, "egg" only in one chunk (an aside), "boil" nowhere: not covered.
    expect(await calls('How long should I boil an egg?')).toEqual([]);
  });

  it('looks dotted setting names up whole, as the full-text index holds them', async () => {
    expect(await calls('What does the push.default setting control?')).toEqual([['search_knowledge', { query: 'What does the push.default setting control?' }]]);
    // Its last part is asked too, counted only where the knowledge lacks the whole ("Timer.autorange", below).
    expect(corpus.asked.at(-1)).toEqual(['push.default', 'setting', 'control', 'default']);
    // Underscores inside a file's name, as in the index's word: not "hba.conf", a word it never holds.
    expect(await calls('How do I configure pool_hba.conf?')).toEqual([['search_knowledge', { query: 'How do I configure pool_hba.conf?' }]]);
    expect(corpus.asked.at(-1)).toEqual(['pool_hba.conf', 'configure']);
  });

  it('calls the tool a message plainly means, with the id read off it, and searches nothing else', async () => {
    const route = await routeLocally('Where is my order 48213?', all, corpus);
    expect(route.calls).toEqual([{ id: 'local-order_status-1', name: 'order_status', arguments: { order_id: '48213' } }]);
    expect(route.reason).toBe('"Where is my order 48213?" asks for what order_status does (order) (order_id "48213")');
    // The reason names the words as the message says them, not as the matcher stems them ("shipp").
    expect((await routeLocally('Is order 30017 shipping yet?', all, corpus)).reason).toMatch(/asks for what order_status does \(order, shipping\)/);
    expect(await calls('Can you check the status of order #A-1042?')).toEqual([['order_status', { order_id: 'A-1042' }]]);
    expect(await calls('Track my package please, the order number is 30017.')).toEqual([['order_status', { order_id: '30017' }]]);
    expect(await calls('I placed order 64002 last week. When will it arrive?')).toEqual([['order_status', { order_id: '64002' }]]);
    // A reference written with slashes is one id; an id the message gives comes before what it quotes.
    expect(await calls('Could you confirm the delivery status of order reference 2024/08/5561?')).toEqual([['order_status', { order_id: '2024/08/5561' }]]);
    expect(await calls("Order zx81-774 was 'out for delivery' two days ago and nothing since. What's the status?")).toEqual([['order_status', { order_id: 'zx81-774' }]]);
  });

  it('recognises a tool by words of its family, and a name written in lower case', async () => {
    expect(await calls('Is it raining in Paris right now?')).toEqual([['get_weather', { city: 'Paris' }]]);
    expect(await calls('Do I need an umbrella in London today?')).toEqual([['get_weather', { city: 'London' }]]);
    expect(await calls('How hot is it in Madrid today?')).toEqual([['get_weather', { city: 'Madrid' }]]);
    expect(await calls('weather tokyo')).toEqual([['get_weather', { city: 'Tokyo' }]]);
    expect(await calls('Is it foggy in San Francisco?')).toEqual([['get_weather', { city: 'San Francisco' }]]);
    expect(await calls('Will there be a thunderstorm in Vienna tonight?')).toEqual([['get_weather', { city: 'Vienna' }]]);
  });

  it('between two tools of one family, calls the one that says the message\'s word itself (neither when neither does), and for the days ahead the one that does not tell only now, for now the one that does', async () => {
    const tracker: ToolSpec = {
      name: 'parcelTracker',
      description: 'Track a parcel shipment by its parcel number.',
      parameters: { type: 'object', required: ['parcelNumber'], properties: { parcelNumber: { type: 'string', description: 'The parcel number, e.g. 77120' } } },
    };
    const both = [orderStatus, tracker];
    expect(await calls('Track parcel 77120.', both)).toEqual([['parcelTracker', { parcelNumber: '77120' }]]);
    expect(await calls('Where is my parcel 77120?', both)).toEqual([['parcelTracker', { parcelNumber: '77120' }]]);
    expect(await calls('Where is my order 48213?', both)).toEqual([['order_status', { order_id: '48213' }]]);
    expect(await calls('What is the status of order 48213?', both)).toEqual([['order_status', { order_id: '48213' }]]);
    // "package" is either tool's only through the family: which one is meant is not said.
    expect(await calls('Where is my package 5512?', both)).toEqual([]);
    // Beside current weather, a forecast takes what is asked of the days ahead.
    const forecast: ToolSpec = { ...weather, name: 'get_forecast', description: 'Weather forecast for the next five days for a city.' };
    const skies = [weather, forecast];
    expect(await calls('What is the weather in Oslo right now?', skies)).toEqual([['get_weather', { city: 'Oslo' }]]);
    expect(await calls("What's the forecast for Paris?", skies)).toEqual([['get_forecast', { city: 'Paris' }]]);
    expect(await calls('Will it rain in Oslo this week?', skies)).toEqual([['get_forecast', { city: 'Oslo' }]]);
    expect(await calls('Will it rain in Oslo this week?', [weather])).toEqual([['get_weather', { city: 'Oslo' }]]);
    expect(await calls('Is it raining in Bergen?', skies)).toEqual([['get_weather', { city: 'Bergen' }]]);
  });

  it('reads a code its parameter shows by example (a currency, a ticker), and each one a message lists', async () => {
    const code = (name: string, description: string, parameter: string, example: string): ToolSpec => ({
      name, description, parameters: { type: 'object', required: [parameter], properties: { [parameter]: { type: 'string', description: example } } },
    });
    const rate = code('exchangeRate', 'Current exchange rate from one currency to euros', 'currency', 'ISO currency code, e.g. USD');
    const price = code('stockPrice', 'Latest share price of a listed company by its ticker symbol', 'symbol', 'Ticker symbol, e.g. AAPL');
    const both = [rate, price];
    expect(await calls('What is the USD exchange rate?', both)).toEqual([['exchangeRate', { currency: 'USD' }]]);
    expect(await calls('exchange rate for GBP?', both)).toEqual([['exchangeRate', { currency: 'GBP' }]]);
    expect(await calls('What is the share price of AAPL.', both)).toEqual([['stockPrice', { symbol: 'AAPL' }]]);
    // Shouted, the question's own words are not the code; listed, each code is one.
    expect(await calls('WHAT IS THE STOCK PRICE OF MSFT', both)).toEqual([['stockPrice', { symbol: 'MSFT' }]]);
    expect(await calls('Share price of GOOGL and IBM?', both)).toEqual([['stockPrice', { symbol: 'GOOGL' }], ['stockPrice', { symbol: 'IBM' }]]);
    expect(await calls('What is the share price?', both)).toEqual([]);
    // Two parameters that take codes take the question's codes in turn; an e-mail address is read as its example is.
    const convert: ToolSpec = {
      name: 'convertCurrency', description: 'Convert an amount of money from one currency to another',
      parameters: { type: 'object', required: ['amount', 'from', 'to'], properties: { amount: { type: 'number', description: 'Amount, e.g. 100' }, from: { type: 'string', description: 'Currency code to convert from, e.g. USD' }, to: { type: 'string', description: 'Currency code to convert to, e.g. EUR' } } },
    };
    expect(await calls('Convert 100 USD to EUR', [convert])).toEqual([['convertCurrency', { amount: 100, from: 'USD', to: 'EUR' }]]);
    const customer = code('lookupCustomer', 'Find a customer account by email address', 'email', 'The customer email, e.g. ann@example.com');
    expect(await calls('Find the customer with email bob.smith@corp.io', [customer])).toEqual([['lookupCustomer', { email: 'bob.smith@corp.io' }]]);
    // A capitalized word away from the tool's words is only a guess, which knowledge that covers the rest takes.
    const sql = fakeCorpus({ exchange: 2, rate: 4, function: 300, sql: 600, round: 40, decimals: 30 });
    expect(await calls('What is the exchange rate function in SQL?', [KNOWLEDGE_TOOL, rate], sql)).toEqual([['search_knowledge', { query: 'What is the exchange rate function in SQL?' }]]);
  });

  it('reads a date however it is written, and the free text a request gives after the tool\'s word', async () => {
    const book: ToolSpec = {
      name: 'bookAppointment', description: 'Book a service appointment on a date',
      parameters: { type: 'object', required: ['date'], properties: { date: { type: 'string', description: 'Date, e.g. 2026-12-24' } } },
    };
    expect(await calls('Book an appointment for 2027-03-05', [book])).toEqual([['bookAppointment', { date: '2027-03-05' }]]);
    expect(await calls('Can I book a service appointment on 24 December 2027?', [book])).toEqual([['bookAppointment', { date: '2027-12-24' }]]);
    const tomorrow = new Date(Date.now() + 86_400_000);
    const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
    expect(await calls('book me an appointment tomorrow', [book])).toEqual([['bookAppointment', { date: day }]]);
    expect(await calls('I would like to book an appointment.', [book])).toEqual([]);

    const search: ToolSpec = {
      name: 'searchProducts', description: 'Search the store catalogue for products matching a query',
      parameters: { type: 'object', required: ['query'], properties: { query: { type: 'string', description: 'What to search for' } } },
    };
    const ticket: ToolSpec = {
      name: 'createTicket', description: 'Open a support ticket with a short summary of the problem',
      parameters: { type: 'object', required: ['summary'], properties: { summary: { type: 'string', description: 'Short summary of the problem' } } },
    };
    expect(await calls('Search the catalogue for red running shoes', [search, ticket])).toEqual([['searchProducts', { query: 'red running shoes' }]]);
    expect(await calls('Open a ticket: the checkout page shows a blank screen', [search, ticket])).toEqual([['createTicket', { summary: 'the checkout page shows a blank screen' }]]);
    expect(await calls('Please create a support ticket saying my invoice is wrong, thanks!', [search, ticket])).toEqual([['createTicket', { summary: 'my invoice is wrong' }]]);
    expect(await calls('Open a support ticket', [search, ticket])).toEqual([]);
    // A name's verb said alone is no request for the tool: "get" (get_weather's) begins every kind of sentence, and "getting" is said of no command.
    expect(await calls('Get rid of the extra ones when things are quiet', [weather])).toEqual([]);
    expect(await calls("getting 'no such table: users'", [weather])).toEqual([]);
    expect(await calls('Get the weather in Oslo', [weather])).toEqual([['get_weather', { city: 'Oslo' }]]);
    // Nor beside a word saying when the tool tells: get_weather's "Current weather…" is about the weather, not the current time.
    expect(await calls('Get the current time in UTC as an ISO 8601 string in Python', [weather])).toEqual([]);
    // An id is no free text: what follows "status for" is not an order.
    expect(await calls('Has order 37720 shipped? Also, how do I show the pool status for each child process?', [orderStatus])).toEqual([['order_status', { order_id: '37720' }]]);
    // Only a guess: knowledge that covers the rest of the request takes it.
    const manual = fakeCorpus({ search: 40, string: 300, files: 650, all: 700, docs: 80 });
    expect(await calls('Search the docs for a string in all files', [KNOWLEDGE_TOOL, search], manual)).toEqual([['search_knowledge', { query: 'Search the docs for a string in all files' }]]);
    expect(await calls('Search the catalogue for red running shoes', [KNOWLEDGE_TOOL, search], manual)).toEqual([['searchProducts', { query: 'red running shoes' }]]);
  });

  it('reads the two ends of a way for a tool that takes both, each by its word ("from", "to") or in turn', async () => {
    const flights: ToolSpec = {
      name: 'searchFlights', description: 'Find flights between two cities on a date',
      parameters: { type: 'object', required: ['origin', 'destination'], properties: { origin: { type: 'string', description: 'Departure city, e.g. Oslo' }, destination: { type: 'string', description: 'Arrival city, e.g. Paris' }, date: { type: 'string', description: 'Travel date, e.g. 2026-12-24' } } },
    };
    expect(await calls('Find flights from Oslo to Paris on 24 December 2027', [flights])).toEqual([['searchFlights', { origin: 'Oslo', destination: 'Paris', date: '2027-12-24' }]]);
    expect(await calls('Any flights to Rome from Berlin?', [flights])).toEqual([['searchFlights', { origin: 'Berlin', destination: 'Rome' }]]);
    const distance: ToolSpec = {
      name: 'getDistance', description: 'Driving distance in kilometres between two cities',
      parameters: { type: 'object', required: ['from', 'to'], properties: { from: { type: 'string', description: 'Start city' }, to: { type: 'string', description: 'End city' } } },
    };
    expect(await calls('Driving distance between Vienna and Prague?', [distance])).toEqual([['getDistance', { from: 'Vienna', to: 'Prague' }]]);
  });

  it('calls a tool the project has that does what would be small talk, and nothing for it without one', async () => {
    const translate: ToolSpec = {
      name: 'translate', description: 'Translate a text into another language',
      parameters: { type: 'object', required: ['text', 'language'], properties: { text: { type: 'string', description: 'The text to translate' }, language: { type: 'string', enum: ['French', 'German'] } } },
    };
    expect(await calls('Translate "good morning" into French', [translate])).toEqual([['translate', { text: 'good morning', language: 'French' }]]);
    expect((await routeLocally('Translate "good morning" into French', [orderStatus], corpus)).reason).toBe('small talk (translation): nothing to look up or call');
    // Without what the tool needs, it is small talk still; and a tool that does not do that kind of it is no writer.
    expect(await calls('Translate this into French please', [translate])).toEqual([]);
    expect(await calls('Write a poem about rain in London.', [weather])).toEqual([]);
    expect(await calls('Tell me a joke about my order 48213.', [orderStatus])).toEqual([]);
  });

  it('reads a place’s whole name: an abbreviation’s dot, a particle, and "City" after a name', async () => {
    expect(await calls('How cold is it in St. Petersburg right now?')).toEqual([['get_weather', { city: 'St. Petersburg' }]]);
    expect(await calls('Forecast for Rio de Janeiro today?')).toEqual([['get_weather', { city: 'Rio de Janeiro' }]]);
    expect(await calls('What is the weather like in Mexico City right now?')).toEqual([['get_weather', { city: 'Mexico City' }]]);
  });

  it('of several capitalized names, takes the one said to be where something is', async () => {
    expect(await calls("I'm writing a little Python script that will fetch forecasts, but for now just tell me the weather in Zurich.")).toEqual([['get_weather', { city: 'Zurich' }]]);
    expect(await calls('Flying with Lufthansa tomorrow: is it snowing in Munich?')).toEqual([['get_weather', { city: 'Munich' }]]);
    // None said so: the first, as before.
    expect(await calls('Weather for Oslo, Norway please')).toEqual([['get_weather', { city: 'Oslo' }]]);
  });

  it('calls a tool once for each value a message lists, and each tool of a clause that names two', async () => {
    expect(await calls('What is the weather in Paris and London?')).toEqual([
      ['get_weather', { city: 'Paris' }],
      ['get_weather', { city: 'London' }],
    ]);
    expect(await calls('Where are my orders 48213, 50012 and 50013?')).toEqual([
      ['order_status', { order_id: '48213' }],
      ['order_status', { order_id: '50012' }],
      ['order_status', { order_id: '50013' }],
    ]);
    // A value compared in a query is the query's: over a manual that says its words, the manual is searched.
    expect((await calls('SELECT * FROM orders WHERE id = 12345', all, fakeCorpus({ select: 300, orders: 40, id: 200, where: 400 }))).map(([name]) => name)).toEqual(['search_knowledge']);
    // The word the first id came after may be said again before each ("order 48213 and order 50012").
    expect(await calls('Check order 48213 and order 50012')).toEqual([
      ['order_status', { order_id: '48213' }],
      ['order_status', { order_id: '50012' }],
    ]);
    // A short number after "and" is a quantity, not an id.
    expect(await calls('Where is order 48213 and 2 other parcels?')).toEqual([['order_status', { order_id: '48213' }]]);
    expect(await calls('Where is order 48213 and the order 2 weeks ago?')).toEqual([['order_status', { order_id: '48213' }]]);
    expect(await calls('weather in Oslo and order 48213')).toEqual([
      ['get_weather', { city: 'Oslo' }],
      ['order_status', { order_id: '48213' }],
    ]);
    expect(await calls('weather in oslo then order 44120')).toEqual([
      ['get_weather', { city: 'oslo' }],
      ['order_status', { order_id: '44120' }],
    ]);
  });

  it('reads a place from a terse request in lower case', async () => {
    expect(await calls('weather ho chi minh city pls')).toEqual([['get_weather', { city: 'Ho Chi Minh' }]]);
  });

  it('takes an id stated in a sentence of its own beside one saying the tool’s word, not one asked about', async () => {
    expect(await calls("What's the status of my order? It's 48213.")).toEqual([['order_status', { order_id: '48213' }]]);
    // "Is it 100?" asks about a value; "the limit is 100" says what it is.
    expect((await calls('How do I order a list? Is it 100?')).map(([name]) => name)).not.toContain('order_status');
  });

  it('reads an id said digit by digit', async () => {
    expect(await calls('can u tell me if order eight four four two one has been delivered')).toEqual([['order_status', { order_id: '84421' }]]);
  });

  it('hears the weather in "the temp" and "pouring", not in a temporary file', async () => {
    expect(await calls("what's the temp in São Paulo rn")).toEqual([['get_weather', { city: 'São Paulo' }]]);
    expect(await calls('Is it still pouring in Glasgow?')).toEqual([['get_weather', { city: 'Glasgow' }]]);
    expect((await calls('Where does git keep the temp files of a rebase?')).map(([name]) => name)).toEqual(['search_knowledge']);
    expect(await calls('temp in nyc rn?')).toEqual([['get_weather', { city: 'nyc' }]]);
    // Inside a sentence "temp" may be a variable's name.
    expect((await calls('I keep the old value in temp in my loop before I commit, how do I undo my last commit?')).map(([name]) => name)).not.toContain('get_weather');
  });

  it('takes no day or month for a place', async () => {
    expect(await calls('Suggest something fun to do on a rainy Sunday with two kids.')).toEqual([]);
  });

  it('reads places written in lower case whole, and each one a message lists', async () => {
    expect(await calls('weather in paris and london')).toEqual([
      ['get_weather', { city: 'paris' }],
      ['get_weather', { city: 'london' }],
    ]);
    expect(await calls('weather for los angeles, paris and berlin tomorrow?')).toEqual([
      ['get_weather', { city: 'los angeles' }],
      ['get_weather', { city: 'paris' }],
      ['get_weather', { city: 'berlin' }],
    ]);
    expect(await calls('is it raining in new york city or tokyo pls')).toEqual([
      ['get_weather', { city: 'new york city' }],
      ['get_weather', { city: 'tokyo' }],
    ]);
    expect(await calls('weather in st. louis')).toEqual([['get_weather', { city: 'st. louis' }]]);
    expect(await calls('compare the weather in paris versus rome')).toEqual([
      ['get_weather', { city: 'paris' }],
      ['get_weather', { city: 'rome' }],
    ]);
    expect(await calls('weather in Paris/London')).toEqual([
      ['get_weather', { city: 'Paris' }],
      ['get_weather', { city: 'London' }],
    ]);
    // Words right before the tool's own word say what the weather is like, not where.
    expect((await calls('My front door lock sticks in cold weather, how do I fix it?')).map(([name]) => name)).not.toContain('get_weather');
    // Words after "and" that something else follows are no place of a list.
    expect((await calls('weather in oslo and rebase steps for my branch')).filter(([name]) => name === 'get_weather')).toEqual([['get_weather', { city: 'oslo' }]]);
  });

  it('keeps the "\'s" of a saint’s name, and drops a possessive’s', async () => {
    expect(await calls("what's the weather in St. John's today?")).toEqual([['get_weather', { city: "St. John's" }]]);
    expect(await calls("how cold is it in st. john's rn")).toEqual([['get_weather', { city: "st. john's" }]]);
    expect(await calls("paris's weather today")).toEqual([['get_weather', { city: 'Paris' }]]);
  });

  it('takes names after a comma alone, or after each place of a list, for one place’s parts', async () => {
    expect(await calls('Is it sunny in Cape Coral, Florida right now?')).toEqual([['get_weather', { city: 'Cape Coral' }]]);
    // A comma after a list's "and" gives each place its region.
    expect(await calls('Weather in Tokyo, Japan and Seoul, South Korea?')).toEqual([
      ['get_weather', { city: 'Tokyo' }],
      ['get_weather', { city: 'Seoul' }],
    ]);
  });

  it('lists a tool’s values joined by an ampersand, and a listed place’s whole name', async () => {
    expect(await calls('check order 48213 & 50012')).toEqual([
      ['order_status', { order_id: '48213' }],
      ['order_status', { order_id: '50012' }],
    ]);
    expect(await calls('Weather in São Paulo and Rio de Janeiro?')).toEqual([
      ['get_weather', { city: 'São Paulo' }],
      ['get_weather', { city: 'Rio de Janeiro' }],
    ]);
  });

  it('does not take a word for its weather sense out of it ("hot standby")', async () => {
    expect(await calls('How do I configure a hot standby in Git?')).toEqual([['search_knowledge', { query: 'How do I configure a hot standby in Git?' }]]);
  });

  it('calls knowledge and a tool when a message needs both, searching only for the part the tool does not answer', async () => {
    expect(await calls('Has order 48213 shipped? Also, how do I revert a commit?')).toEqual([
      ['search_knowledge', { query: 'how do I revert a commit?' }],
      ['order_status', { order_id: '48213' }],
    ]);
    expect(await calls("What's the weather in Oslo, and how do I rename a branch?")).toEqual([
      ['search_knowledge', { query: 'how do I rename a branch?' }],
      ['get_weather', { city: 'Oslo' }],
    ]);
    expect(await calls('Status of order 31415? And how do I see which files changed?')).toEqual([
      ['search_knowledge', { query: 'how do I see which files changed?' }],
      ['order_status', { order_id: '31415' }],
    ]);
  });

  it('beside a tool call, searches nothing for a clause that only asks for it to be done', async () => {
    expect(await calls('I am still waiting for order 51800. Can you look it up?')).toEqual([['order_status', { order_id: '51800' }]]);
    expect(await calls('Is my order 77 shipped yet? Please check.')).toEqual([['order_status', { order_id: '77' }]]);
    // A clause with a subject of its own still is searched for, and so is one alone.
    expect(await calls('Where is order 77? Also check which files changed.')).toEqual([
      ['search_knowledge', { query: 'check which files changed.' }],
      ['order_status', { order_id: '77' }],
    ]);
    expect(await calls('Can you check?')).toEqual([['search_knowledge', { query: 'Can you check?' }]]);
  });

  it('leaves a tool whose argument it could only guess to the knowledge when the rest of the question is the knowledge\'s', async () => {
    // "100" is a quantity and "a table" no city: without "order" and "weather" these are the manual's questions.
    const route = await routeLocally('Does LIMIT 100 apply before or after ORDER BY?', all, corpus);
    expect(route.calls).toEqual([{ id: 'local-knowledge', name: 'search_knowledge', arguments: { query: 'Does LIMIT 100 apply before or after ORDER BY?' } }]);
    expect(route.reason).toMatch(/^"Does LIMIT 100 apply before or after ORDER BY\?" has only a guessed order_id "100" of order_status, and without its words the knowledge covers "Does LIMIT apply before or after BY\?" \(IDF coverage 1\.00/);
    // Searched though the knowledge never says "weather": the rest was judged without it.
    expect(await calls('How do I store weather readings in a table?')).toEqual([['search_knowledge', { query: 'How do I store weather readings in a table?' }]]);
    // Guessed arguments with nothing of the knowledge's around them still call the tool.
    expect(await calls("My order hasn't come yet, it's 48213")).toEqual([['order_status', { order_id: '48213' }]]);
    expect(await calls('weather in oslo')).toEqual([['get_weather', { city: 'oslo' }]]);
    expect(await calls('temperature in new york please')).toEqual([['get_weather', { city: 'new york' }]]);
    // A guessed id is no word of the knowledge's: judged without it, the rest is the manual's.
    expect(await calls('Why does my ORDER BY need more than 64MB of memory?', all, fakeCorpus({ order: 80, memory: 60, more: 500, than: 400 }))).toEqual([['search_knowledge', { query: 'Why does my ORDER BY need more than 64MB of memory?' }]]);
    // A store-backed corpus learns its size with the first frequencies it reads: the size is not read before.
    const lazy = fakeCorpus({ limit: 120, apply: 90, before: 400, after: 400, order: 80 });
    let read = false;
    const learning: CorpusStats = { get chunks() { return read ? lazy.chunks : 0; }, documentFrequency: (terms) => ((read = true), lazy.documentFrequency(terms)), jointFrequency: (pairs) => lazy.jointFrequency(pairs) };
    expect(await calls('Does LIMIT 100 apply before or after ORDER BY?', all, learning)).toEqual([['search_knowledge', { query: 'Does LIMIT 100 apply before or after ORDER BY?' }]]);
    // Keywords and product names in capitals are no places when the rest is a SQL manual's question; an acronym it never says is.
    const sqlManual = fakeCorpus({ select: 300, from: 300, return: 200, create: 200, table: 300, postgresql: 900 });
    expect(await calls('What does SELECT * FROM weather return?', all, sqlManual)).toEqual([['search_knowledge', { query: 'What does SELECT * FROM weather return?' }]]);
    expect(await calls('How do I create the weather table in PostgreSQL?', all, sqlManual)).toEqual([['search_knowledge', { query: 'How do I create the weather table in PostgreSQL?' }]]);
    expect(await calls('Is it raining in NYC?', all, sqlManual)).toEqual([['get_weather', { city: 'NYC' }]]);
    // An argument the question marks as one ("order 1234", a capitalized name) is not second-guessed.
    expect(await calls('Can I limit order 1234 to one table?')).toEqual([['order_status', { order_id: '1234' }]]);
  });

  it('calls a tool on one word of its description only when the knowledge can tell the rest is not its own', async () => {
    expect(await calls('What are the conditions like in Vienna?')).toEqual([['get_weather', { city: 'Vienna' }]]);
    const route = await routeLocally('What are the conditions for a fast-forward in Git?', all, corpus);
    expect(route.calls.map((c) => c.name)).toEqual(['search_knowledge']);
    expect(route.reason).toMatch(/^"What are the conditions for a fast-forward in Git\?" has only one word of its description \(condit\w*\) of get_weather, and without its words the knowledge covers/);
    // With no knowledge to weigh it against, one word is too little.
    expect(await calls('What are the conditions like in Vienna?', [weather], undefined)).toEqual([]);
  });

  it('does not call a tool on one word of its description and a guessed argument, whatever the knowledge holds', async () => {
    // "city" is the weather tool's one word here, and "north" only follows "in the": no city named.
    const message = 'I moved to a new city in the north and know nobody. How do I build real connections as an adult?';
    const route = await routeLocally(message, all, corpus);
    expect(route.calls).toEqual([]);
    expect(route.reason).toMatch(/has only one word of its description \(city\) and only a guessed city "north" of get_weather: too little to call it on/);
    // "for work" names no place at all: a common word after "for" is whom or what, not where.
    expect(await calls('I moved to a new city for work and know nobody. How do I build real connections as an adult?')).toEqual([]);
    // A city it names is no guess: the same one word calls the tool.
    expect(await calls('I moved to a new city, Oslo. What is it like there now?')).toEqual([['get_weather', { city: 'Oslo' }]]);
  });

  it('calls a tool whose words are in one clause and its arguments in another only if they are given, not guessed', async () => {
    expect(await calls('My order is 48213. Where is it?')).toEqual([['order_status', { order_id: '48213' }]]);
    expect(await calls('Is it cold there? I am in Oslo.')).toEqual([['get_weather', { city: 'Oslo' }]]);
    // "world" only follows "of the", in another clause than the weather's word ("degree"): no city named.
    const degree = 'I failed one module of my nursing degree this semester. Is that the end of the world, and how do I talk to my tutor about it?';
    expect(await calls(degree, all, undefined)).toEqual([]);
    expect(await calls('Is it cold there? I am in oslo.', all, undefined)).toEqual([]);
  });

  it('beside a tool whose words and arguments are in clauses of their own, searches for the clause that is neither', async () => {
    const route = await calls("I'm working from a cafe in Dublin today. Is it going to be cold there? And how do I revert a commit?");
    expect(route).toEqual([
      ['search_knowledge', { query: 'how do I revert a commit?' }],
      ['get_weather', { city: 'Dublin' }],
    ]);
  });

  it('reads a city the message names before a phrase it quotes', async () => {
    const route = await calls("I'm stuck inside in Glasgow. What's it like outside there? And why does git say 'not a git repository'?");
    expect(route.find(([name]) => name === 'get_weather')).toEqual(['get_weather', { city: 'Glasgow' }]);
  });

  it('splits requests joined by a plus or an ampersand', async () => {
    expect(await calls('weather in Singapore + how do I revert a commit')).toEqual([
      ['search_knowledge', { query: 'how do I revert a commit' }],
      ['get_weather', { city: 'Singapore' }],
    ]);
    expect((await calls('order 48213 & how do I rename a branch?')).map(([name]) => name)).toEqual(['search_knowledge', 'order_status']);
    // The question first, the tool's request after it.
    expect(await calls('how do I revert a commit + weather in Oslo')).toEqual([
      ['search_knowledge', { query: 'how do I revert a commit' }],
      ['get_weather', { city: 'Oslo' }],
    ]);
  });

  it('splits a tool’s request from a second one set beside it with "and", "plus" or "along with", but not one that goes on with it', async () => {
    expect(await calls('I need the status of order #48213 and an explanation of how to rename a branch.')).toEqual([
      ['search_knowledge', { query: 'an explanation of how to rename a branch.' }],
      ['order_status', { order_id: '48213' }],
    ]);
    expect(await calls('the weather in Oslo along with how to revert a commit')).toEqual([
      ['search_knowledge', { query: 'how to revert a commit' }],
      ['get_weather', { city: 'Oslo' }],
    ]);
    // A thing asked for besides, with no word of asking of its own, is asked for all the same; a statement beside it is the setting.
    expect(await calls('get the status of order 48213 as well as the steps to rename a branch')).toEqual([
      ['search_knowledge', { query: 'the steps to rename a branch' }],
      ['order_status', { order_id: '48213' }],
    ]);
    expect(await calls('get the status of order 48213 and the steps page is down')).toEqual([['order_status', { order_id: '48213' }]]);
    // What refers back to the order, or reads another city out of the rest of the clause, is the same request.
    expect(await calls('order 48213 and my boss keeps asking when it will show up')).toEqual([['order_status', { order_id: '48213' }]]);
    expect(await calls("Order ORD-5521 still hasn't arrived, when should I expect it?")).toEqual([['order_status', { order_id: 'ORD-5521' }]]);
    expect(await calls("I'm still waiting for order 77431. When is it expected to arrive?")).toEqual([['order_status', { order_id: '77431' }]]);
    // Expected to do anything but come is the knowledge's: "…expected to return" is no arrival.
    expect((await calls('order 77431 please, and what is git status expected to return?')).map(([name]) => name)).toEqual(['search_knowledge', 'order_status']);
    expect(await calls('My mom lives in Oslo and says it is freezing. What is the temperature there?')).toEqual([['get_weather', { city: 'Oslo' }]]);
  });

  it('splits requests at a list’s numbers, at ", plus", at "and whether" and across an aside ("and btw", a bare "btw", "and after that", "secondly")', async () => {
    expect((await calls('Two things: 1) status of order 48213 2) how do I revert a commit')).map(([name]) => name)).toEqual(['search_knowledge', 'order_status']);
    expect((await calls('order 48213 status, plus how to rename a branch')).map(([name]) => name)).toEqual(['search_knowledge', 'order_status']);
    expect((await calls('Can you tell me the status of order 48213 and whether git can rename a branch?')).map(([name]) => name)).toEqual(['search_knowledge', 'order_status']);
    expect(await calls('how do I rename a branch, and btw is it sunny in Nice?')).toEqual([
      ['search_knowledge', { query: 'how do I rename a branch' }],
      ['get_weather', { city: 'Nice' }],
    ]);
    expect(await calls('how do I rename a branch btw whats the status of order 48213')).toEqual([
      ['search_knowledge', { query: 'how do I rename a branch' }],
      ['order_status', { order_id: '48213' }],
    ]);
    expect(await calls('firstly, where is order 48213, and secondly how do I rename a branch?')).toEqual([
      ['search_knowledge', { query: 'how do I rename a branch?' }],
      ['order_status', { order_id: '48213' }],
    ]);
    expect(await calls('whats the weather in oslo n how do i rename a branch')).toEqual([
      ['search_knowledge', { query: 'how do i rename a branch' }],
      ['get_weather', { city: 'oslo' }],
    ]);
    expect(await calls('I need the weather for Boulder before my ride, and after that remind me how to rename a branch.')).toEqual([
      ['search_knowledge', { query: 'remind me how to rename a branch.' }],
      ['get_weather', { city: 'Boulder' }],
    ]);
  });

  it('does not call a tool whose required argument is missing; the question goes to knowledge instead', async () => {
    expect(await calls('What does git status show?')).toEqual([['search_knowledge', { query: 'What does git status show?' }]]);
  });

  it('without corpus statistics searches whatever has content words, as before', async () => {
    const route = await routeLocally('What is the capital of Australia?', all, undefined);
    expect(route.calls.map((c) => c.name)).toEqual(['search_knowledge']);
    expect(route.reason).toContain('no corpus statistics');
  });

  it('in a corpus of one small document, one chunk is all a subject has: still covered', async () => {
    const tiny = fakeCorpus({ within: 1, items: 1, returned: 1, days: 1 }, 1);
    expect(await calls('Within how many days can items be returned?', all, tiny)).toEqual([['search_knowledge', { query: 'Within how many days can items be returned?' }]]);
    expect(await calls('What is the capital of Australia?', all, tiny)).toEqual([]);
  });

  it('searches small knowledge for a question sharing any content word with it, saying so; nothing for one sharing none', async () => {
    // A four-section store handbook: "Returns", "Shipping", "Warranty", "Customer service".
    const handbook = fakeCorpus({ return: 1, returned: 1, ship: 1, shipping: 1, warranty: 1, customer: 1, service: 1, days: 2 }, 4);
    const route = await routeLocally('What is your return policy?', all, handbook);
    expect(route.calls.map((c) => c.name)).toEqual(['search_knowledge']);
    expect(route.reason).toMatch(/^the knowledge is small \(4 chunks\) and holds some of "What is your return policy\?": return \(IDF coverage 0\.\d+ < 0\.5 over 4 chunks; not in the knowledge: policy\)$/);
    expect(await calls('How do I contact customer support?', all, handbook)).toEqual([['search_knowledge', { query: 'How do I contact customer support?' }]]);
    expect(await calls('What payment methods do you accept?', all, handbook)).toEqual([]);
    // The same question over a large corpus holding "return" in 100 of 1,000 chunks: not covered.
    expect(await calls('What is your return policy?', all, fakeCorpus({ return: 100 }))).toEqual([]);
  });

  it('searches nothing in an empty corpus', async () => {
    expect(await calls('How do I rename a branch?', all, fakeCorpus({}, 0))).toEqual([]);
  });

  it('answers a unit conversion itself, though its words are the weather tool\'s ("degrees", "Celsius")', async () => {
    const route = await routeLocally('Convert 100 degrees Fahrenheit to Celsius.', all, corpus);
    expect(route).toEqual({ calls: [], reason: 'unit conversion: worked out directly, nothing to look up or call' });
  });

  it('reads words that name JavaScript built-ins ("constructor", "__proto__") as words', async () => {
    expect(await calls('How do I call the constructor of a class?')).toEqual([]);
    expect(await calls('Is it hot in Madrid? constructor toString __proto__ valueOf')).toEqual([['get_weather', { city: 'Madrid' }]]);
  });

  it('only calls what it was offered', async () => {
    expect(await calls('Has order 48213 shipped? Also, how do I revert a commit?', [orderStatus])).toEqual([['order_status', { order_id: '48213' }]]);
    // Without the tool, the words the corpus holds ("order") are all there is to go on.
    expect(await calls('Where is my order 48213?', [KNOWLEDGE_TOOL])).toEqual([['search_knowledge', { query: 'Where is my order 48213?' }]]);
  });
});

describe('a tool call and a question in one message', () => {
  // A connection pooler's manual: it says "node", "recovery", "configured", "number", "settings"; not "ssd" or "resync".
  const pooler = fakeCorpus({ pcp: 40, recovery: 60, node: 300, configured: 90, needs: 50, number: 200, order: 50, settings: 150, tune: 10, retry: 30, health: 40, check: 150, timeout: 60 }, 700);

  it('searches for a clause that names one of the knowledge’s identifiers, though the clause beside it is in other words', async () => {
    const message = "When is order 23990 arriving? It's the SSD for the rebuilt replica - and what needs to be configured for pcp_recovery_node to resync it?";
    const route = await routeLocally(message, all, pooler);
    expect(route.calls.map((c) => c.name)).toEqual(['search_knowledge', 'order_status']);
    expect(route.calls[0]!.arguments).toEqual({ query: 'what needs to be configured for pcp_recovery_node to resync it?' });
    expect(route.reason).toContain('names "pcp_recovery_node", whose words the knowledge holds');
  });

  it('splits a request from a question after "and separately:", and searches the question without the joiner', async () => {
    const tune = ['search_knowledge', { query: 'how do I tune the retry settings of a health check?' }];
    expect(await calls('order #R-1182 status, and separately: how do I tune the retry settings of a health check?', all, pooler)).toEqual([tune, ['order_status', { order_id: 'R-1182' }]]);
    expect((await calls('Where is order 41-7702? Also: how do I tune the retry settings of a health check?', all, pooler))[0]).toEqual(tune);
  });

  it('splits a request from a question after a joiner with a colon or a comma ("plus:", "plus,")', async () => {
    const tune = ['search_knowledge', { query: 'how do I tune the retry settings of a health check?' }];
    expect(await calls('order #R-1182 status, plus: how do I tune the retry settings of a health check?', all, pooler)).toEqual([tune, ['order_status', { order_id: 'R-1182' }]]);
    expect(await calls('order #R-1182 status — plus, how do I tune the retry settings of a health check?', all, pooler)).toEqual([tune, ['order_status', { order_id: 'R-1182' }]]);
  });

  it('searches a question that refers back with what it refers to, when the tool took that clause', async () => {
    const manual = fakeCorpus({ rebase: 80, abort: 40, branch: 500, new: 300, create: 300, switch: 60, wrong: 20, stuck: 5 }, 700);
    expect(await calls("I'm stuck indoors in Seattle fighting a rebase gone wrong. How do I abort it, and what's it like outside there right now?", all, manual)).toEqual([
      ['search_knowledge', { query: "I'm stuck indoors in Seattle fighting a rebase gone wrong. How do I abort it" }],
      ['get_weather', { city: 'Seattle' }],
    ]);
    // A pronoun after the clause's own words stands for one of them: the clause is searched as it is.
    expect((await calls('Is it raining in Seattle? how do I create a new branch and switch to it?', all, manual))[0]).toEqual(['search_knowledge', { query: 'how do I create a new branch and switch to it?' }]);
  });

  it('splits a request from a question at a dash or a ", so"', async () => {
    const route = await calls('Check the current temperature in Phoenix - with this heat our servers keep flapping, so how should I tune health_check_timeout and the retry settings?', all, pooler);
    expect(route.map(([name]) => name)).toEqual(['search_knowledge', 'get_weather']);
  });

  it('does not search for a clause that only asks for the tool’s reading now', async () => {
    // A manual that says "now" often ("now()", "from now on").
    const manual = fakeCorpus({ now: 400, landed: 5, asked: 20, needs: 50, heavy: 10 }, 700);
    expect(await calls('My sister just landed in Reykjavik and asked whether she needs a heavy coat - what’s the weather there now?', all, manual)).toEqual([['get_weather', { city: 'Reykjavik' }]]);
  });

  it('beside a tool call, searches nothing for a clause that only tells the setting, and still for one asking', async () => {
    // A manual that says "heading", "run", "page" and "down" throughout.
    const manual = fakeCorpus({ heading: 40, run: 300, page: 200, down: 150, tracking: 60, syntax: 80, branch: 500, rename: 40, keeps: 30, failing: 30, got: 100, rejected: 30 }, 700);
    expect(await calls('Heading out for a run — how cold is it currently in Portland, Oregon?', all, manual)).toEqual([['get_weather', { city: 'Portland' }]]);
    expect(await calls('could you check the status of my order #Q-2231? the tracking page is down', all, manual)).toEqual([['order_status', { order_id: 'Q-2231' }]]);
    // The reason says so.
    expect((await routeLocally('Heading out for a run — how cold is it currently in Portland, Oregon?', all, manual)).reason).toContain('"Heading out for a run" only tells the setting: nothing to search');
    // Asked for before it in its sentence ("I need …, and also"), or asked without a question mark ("is there…"), it is searched.
    expect((await calls('I need the delivery estimate for order 41-7702, and also the syntax for a branch rename.', all, manual)).map(([name]) => name)).toEqual(['search_knowledge', 'order_status']);
    expect((await calls('Where is order 77? is there a page on how to rename a branch', all, manual)).map(([name]) => name)).toEqual(['search_knowledge', 'order_status']);
    // A problem told asks without asking.
    expect((await calls('Where is order 77? My branch rename keeps failing.', all, manual)).map(([name]) => name)).toEqual(['search_knowledge', 'order_status']);
    expect((await calls('Where is order 77? My branch rename got rejected.', all, manual)).map(([name]) => name)).toEqual(['search_knowledge', 'order_status']);
  });

  it('does not search for a clause that only restates the tool’s argument', async () => {
    // "order" and "number" are the order tool's own words (its description and its argument's).
    expect(await calls("Has 30018 shipped yet? That's my order number.", all, pooler)).toEqual([['order_status', { order_id: '30018' }]]);
  });

  it('does not search for a follow-up about what the called tool tells, said in its family’s words', async () => {
    // The manual says "transit" and "arrive" (of data in transit, of WAL that arrives), and the order tool's description does not; its family does.
    const manual = fakeCorpus({ transit: 12, arrive: 30, week: 20, standby: 200, replication: 300, node: 300, encrypted: 40, whether: 300, see: 400, out: 250 }, 700);
    expect(await calls('My order number is 31337. Is it still in transit?', all, manual)).toEqual([['order_status', { order_id: '31337' }]]);
    expect(await calls('Where is order 31337? Will it arrive this week?', all, manual)).toEqual([['order_status', { order_id: '31337' }]]);
    expect(await calls('I bought a book last Tuesday, order 31337. Could you see whether it is out for delivery?', all, manual)).toEqual([['order_status', { order_id: '31337' }]]);
    // "Show up" of a thing awaited is its arrival, though the manual says "show" throughout.
    expect(await calls("Hi! I ordered a keyboard last week, order number ORD-552190. Any idea when it'll show up?")).toEqual([['order_status', { order_id: 'ORD-552190' }]]);
    // The family's words are the called tool's only: without an order tool called, "transit" is the manual's, and so is "show up".
    expect((await calls('Is replication traffic encrypted in transit to the standby?', all, manual)).map(([name]) => name)).toEqual(['search_knowledge']);
    expect((await calls('Why does a renamed branch show up twice in git status?')).map(([name]) => name)).toEqual(['search_knowledge']);
  });

  it('takes "number 90210" for the id in a message that says the tool’s word, though the word before it is not the tool’s', async () => {
    // A manual that says "number", "last" and "week" often: a guessed id would leave the clause to it.
    const manual = fakeCorpus({ number: 300, last: 200, week: 60, something: 80, order: 60 }, 700);
    expect(await calls('I ordered something last week, number 90210, where is it?', all, manual)).toEqual([['order_status', { order_id: '90210' }]]);
  });

  it('hears the weather in what to wear and in what it is like outside, or there now', async () => {
    expect(await calls("I'm heading out for a walk in Berlin — do I need a jacket?", all, pooler)).toEqual([['get_weather', { city: 'Berlin' }]]);
    expect(await calls("What's it like outside in Chicago?", all, pooler)).toEqual([['get_weather', { city: 'Chicago' }]]);
    expect(await calls("We're flying into Santa Fe tonight. What's it like there right now?", all, pooler)).toEqual([['get_weather', { city: 'Santa Fe' }]]);
    // How cold a place named in capitals is; how hot a machine's part is stays the manual's.
    expect(await calls('How chilly is Edmonton this morning?', all, pooler)).toEqual([['get_weather', { city: 'Edmonton' }]]);
    expect(await calls('How hot will it get in Phoenix this afternoon?', all, pooler)).toEqual([['get_weather', { city: 'Phoenix' }]]);
    expect(await calls('do I need sunglasses in Madrid today?', all, pooler)).toEqual([['get_weather', { city: 'Madrid' }]]);
    const manual = fakeCorpus({ hot: 20, standby: 200, under: 300, load: 150 }, 700);
    expect((await calls('how hot is the standby under load?', all, manual)).map(([name]) => name)).toEqual(['search_knowledge']);
  });

  it('takes a reference code beside the tool’s word for the id, whatever comes before it, and hears "arrived" as "arrive"', async () => {
    const manual = fakeCorpus({ going: 30, status: 200, pgpool: 400, pool: 300, md5: 20, auth: 40, pool_passwd: 30, support: 100, separately: 5, supported: 100, tracking: 60, object: 200, names: 100 }, 700);
    expect(await calls("ORD-5521 still hasn't arrived, what's going on with it", all, manual)).toEqual([['order_status', { order_id: 'ORD-5521' }]]);
    // Said alone with a word of looking it up, it is the one tool's that looks references up…
    expect(await calls('look up ORD_77-301 pls', all, manual)).toEqual([['order_status', { order_id: 'ORD_77-301' }]]);
    // …as written: a tool taking a number cannot take it, and 77 would be another order.
    const byNumber: ToolSpec = { ...orderStatus, parameters: { type: 'object', required: ['order_id'], properties: { order_id: { type: 'integer' } } } };
    expect(await calls('look up ORD_77-301 pls', [KNOWLEDGE_TOOL, byNumber], manual)).toEqual([]);
    expect(await calls('look up #4412 pls', [KNOWLEDGE_TOOL, byNumber], manual)).toEqual([['order_status', { order_id: 4412 }]]);
    expect(await calls('Does pgpool support md5 auth with pool_passwd? Separately, status of ORD-2045?', all, manual)).toEqual([
      ['search_knowledge', { query: 'Does pgpool support md5 auth with pool_passwd?' }],
      ['order_status', { order_id: 'ORD-2045' }],
    ]);
    // A standard's name is no reference: the question is the manual's.
    expect((await calls('Is SHA-256 supported for tracking object names?', all, manual)).map(([name]) => name)).toEqual(['search_knowledge']);
  });

  it('takes the arguments of the tool a clause asks for from the clause before it, though another clause says another tool’s word', async () => {
    // "status" is the order tool's word too, in "pool status".
    const manual = fakeCorpus({ view: 90, pool: 300, status: 200, pcp: 40, pcp_pool_status: 8 }, 700);
    expect(await calls("I'm flying to Zurich tomorrow, what's the weather there now? Also how do I view pool status with pcp_pool_status?", all, manual)).toEqual([
      ['search_knowledge', { query: 'how do I view pool status with pcp_pool_status?' }],
      ['get_weather', { city: 'Zurich' }],
    ]);
  });

  it('does not search for a follow-up that only asks how the request beside it stands', async () => {
    // The manual says "update" and "status" throughout; "Any update?" asks after the order.
    const manual = fakeCorpus({ update: 300, status: 200, news: 2, failover: 90, docs: 40 }, 700);
    expect(await calls("I'm still waiting on order #3305. Any update?", all, manual)).toEqual([['order_status', { order_id: '3305' }]]);
    expect(await calls('status update on 100045872 please', all, manual)).toEqual([['order_status', { order_id: '100045872' }]]);
    // A follow-up with a subject of its own is still searched.
    expect((await calls('Check order 4412. Any update on the failover docs?', all, manual)).map(([name]) => name)).toEqual(['search_knowledge', 'order_status']);
  });
});

it('does not call a tool that tells how things are now for how they usually are', async () => {
  expect(await calls("What's the weather usually like in Spain in May?")).toEqual([]);
  expect(await calls('What was the weather in Oslo last week?')).toEqual([]);
  expect(await calls('What is the weather in Madrid in May right now?')).toEqual([['get_weather', { city: 'Madrid' }]]);
  // A tool that does not say it tells the present is called as before.
  const forecast: ToolSpec = { ...weather, name: 'climate', description: 'Typical weather (temperature and conditions) for a city.' };
  expect(await calls("What's the weather usually like in Lisbon?", [KNOWLEDGE_TOOL, forecast])).toEqual([['climate', { city: 'Lisbon' }]]);
});

it('takes a quoted word without a digit for an id only by guess, so the knowledge may claim it', async () => {
  const manual = fakeCorpus({ build: 40, index: 300, covers: 20, rows: 400, small: 60, stays: 10, status: 5 });
  expect(await calls("Can I build an index that only covers the rows where status = 'active', so it stays small?", all, manual)).toEqual([
    ['search_knowledge', { query: "Can I build an index that only covers the rows where status = 'active', so it stays small?" }],
  ]);
  expect(await calls("What's the status of order 'AB-1234'?", all, manual)).toEqual([['order_status', { order_id: 'AB-1234' }]]);
});

it('searches a chatty question that says the knowledge’s own word, though its other words are nowhere in it', async () => {
  // "pgpool" is in 40 % of the chunks and nowhere in everyday English; "nodes" and "master" are the manual's too.
  const pooler = fakeCorpus({ pgpool: 400, nodes: 300, master: 80, acting: 5, two: 200, network: 90 }, 1_000);
  const chatty = 'After a messy network blip we ended up with two nodes both acting as the writable master. Can pgpool figure out which one is bogus?';
  const route = await routeLocally(chatty, all, pooler);
  expect(route.calls.map((c) => c.name)).toEqual(['search_knowledge']);
  expect(route.reason).toMatch(/says pgpool, the knowledge's own word \(\d+× as common there as in everyday English, in 40 % of its chunks; IDF coverage 0\.\d+ < 0\.5/);
  // Without it the same words are not the knowledge's.
  expect(await calls(chatty.replace('pgpool', 'it'), all, pooler)).toEqual([]);
});

it('looks up a reference said alone with the one tool that takes an id, and with none when two do', async () => {
  const route = await routeLocally('check #P404 pls', all, corpus);
  expect(route.calls.map((c) => [c.name, c.arguments])).toEqual([['order_status', { order_id: 'P404' }]]);
  expect(route.reason).toBe('"check #P404 pls" gives only a reference (#P404), and order_status is the one tool that looks one up (order_id "P404")');
  expect(await calls("where's #K220?")).toEqual([['order_status', { order_id: 'K220' }]]);
  expect(await calls('can you look up 880214? and how do I undo my last commit?')).toEqual([
    ['search_knowledge', { query: 'how do I undo my last commit?' }],
    ['order_status', { order_id: '880214' }],
  ]);
  // Without a project that searches knowledge, the same.
  expect(await calls('can you check #A123 for me', [orderStatus, weather], undefined)).toEqual([['order_status', { order_id: 'A123' }]]);
  // Which of two tools that look things up by id is meant is not said.
  const ticket: ToolSpec = { ...orderStatus, name: 'ticket_status', description: 'The state of a support ticket.', parameters: { type: 'object', required: ['ticket_id'], properties: { ticket_id: { type: 'string' } } } };
  expect(await calls('check #P404 pls', [KNOWLEDGE_TOOL, orderStatus, ticket])).toEqual([]);
  // A reference among words of a subject is no bare reference; nor are a short number or a name with digits without "#".
  for (const message of ['check #P404 before the rename of the branch', 'check 2048', 'check sha256']) {
    expect((await calls(message)).map(([name]) => name)).not.toContain('order_status');
  }
});

it('does not count an intensifier said as an idiom as a word the knowledge lacks', async () => {
  const manual = fakeCorpus({ table: 300, new: 200, filled: 10, results: 250, query: 100, statement: 300, make: 200 });
  const route = await routeLocally('how do I make a brand new table filled straight from the results of a query?', all, manual);
  expect(route.calls.map((c) => c.name)).toEqual(['search_knowledge']);
  expect(route.reason).toMatch(/^the knowledge covers .* \(IDF coverage 1\.00 ≥ 0\.5 over 1000 chunks; /);
  // Said as words of their own, they are words: "straight" of a line is one the knowledge lacks.
  expect((await routeLocally('how do I draw a straight line in a table?', all, manual)).reason).toContain('not in the knowledge: draw, straight, line');
});

it('counts the words of an everyday phrase the knowledge lacks as said when it says what the phrase means ("blowing up")', async () => {
  // A database manual: it says "fail", "remove", "table" and "script", never "blowing".
  const manual = fakeCorpus({ remove: 150, table: 900, migration: 60, script: 120, without: 400, fail: 90 }, 1734);
  const question = "How do I remove a table in a migration script without it blowing up when the table isn't there?";
  const route = await routeLocally(question, all, manual);
  expect(route.calls.map((c) => c.name)).toEqual(['search_knowledge']);
  expect(route.reason).not.toMatch(/not in the knowledge/);
  // Said apart from its phrase, the word is only itself: "a blowing wind" is a word the knowledge lacks.
  expect((await routeLocally('How do I remove a table in a migration script on a blowing windy day?', all, manual)).reason).toContain('not in the knowledge: blowing, windy, day');
});

it('reads "right away" as "at once" and "tonight" as when it is asked, no words the knowledge lacks', async () => {
  // A pooler's manual: it says "shut down", "clients", "kill" and "restart", never "maintenance", "away" or "tonight".
  const manual = fakeCorpus({ difference: 40, between: 100, shutting: 10, down: 80, clients: 120, finish: 30, killing: 8, restart: 60 }, 665);
  const question = "what's the difference between shutting it down nicely so clients can finish versus killing it right away? I need to restart for maintenance tonight";
  const route = await routeLocally(question, all, manual);
  expect(route.calls.map((c) => c.name)).toEqual(['search_knowledge']);
  expect(route.reason).toContain('not in the knowledge: nicely, maintenance;');
  // "away" said of its own is still a word: "throw away" is a manual's phrase or not.
  expect((await routeLocally('how do I throw away my changes?', all, fakeCorpus({ throw: 5, changes: 400 }))).reason).toContain('not in the knowledge: away');
});
