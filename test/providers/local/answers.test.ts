// What the offline model says: arithmetic worked out, small talk answered, quotes with their
// subject and source, and the router's decision in the first round.
import { LocalProvider } from '../../../providers/kinds/local/chat.js';
import { answerArithmetic } from '../../../providers/kinds/local/arithmetic.js';
import { answerConversion } from '../../../providers/kinds/local/conversion.js';
import { extractiveAnswer } from '../../../providers/kinds/local/answer.js';
import { KNOWLEDGE_TOOL, type ContextPassage, type TurnRequest } from '../../../providers/types.js';
import { chatRequest } from '../requests.js';
import { parseDocument } from '../../../knowledge/parse.js';

const local = new LocalProvider();
/** A passage of `source` made of these paragraphs, a blank line between each. */
const passage = (source: string, ...paragraphs: string[]): ContextPassage => ({ source, text: paragraphs.join('\n\n') });
/** The offline model's answer to `message` from these passages. */
const answer = async (message: string, ...context: ContextPassage[]) => (await local.generate(chatRequest({ message, context }))).text;

const commitPage = passage(
  'git-commit.html',
  'Create a new commit containing the current contents of the index.',
  '--amend',
  'Replace the tip of the current branch by creating a new commit. The recorded tree is prepared as usual.',
  '--dry-run',
  'Do not create a commit, but show a list of paths that are to be committed.',
);
const configPage = passage(
  'git-config.html',
  'push.default',
  'Defines the action git push should take if no refspec is given (e.g. when you run it plain). It is set to simple by default.',
);

const turn = (message: string, overrides: Partial<TurnRequest> = {}): TurnRequest => ({
  ...chatRequest({ model: 'extractive', message }),
  tools: [KNOWLEDGE_TOOL],
  toolChoice: 'auto',
  rounds: [],
  ...overrides,
});

describe('the offline model answers', () => {
  it('works arithmetic out itself', () => {
    expect(answerArithmetic('What is 17 times 3?')).toBe('17 × 3 = 51.');
    expect(answerArithmetic("What's 250 divided by 5?")).toBe('250 ÷ 5 = 50.');
    expect(answerArithmetic('calculate 2 + 3 * 4')).toBe('2 + 3 × 4 = 14.');
    expect(answerArithmetic('what is 1 / 0')).toBe('1 ÷ 0 is undefined.');
    // Brackets first; a step after a comma works on all before it.
    expect(answerArithmetic('calculate (2 + 3) * 4')).toBe('(2 + 3) × 4 = 20.');
    expect(answerArithmetic("What's 144 divided by 12, times 7?")).toBe('(144 ÷ 12) × 7 = 84.');
    expect(answerArithmetic('What is 2 plus 3, times 4?')).toBe('(2 + 3) × 4 = 20.');
    expect(answerArithmetic('what is 10 minus 4, divided by 3, squared')).toBe('((10 - 4) ÷ 3) ^ 2 = 4.');
    expect(answerArithmetic('what is (2 + 3 * 4')).toBeNull();
    expect(answerArithmetic('what is 2 + 3) * 4 (')).toBeNull();
    expect(answerArithmetic('What is 9 squared?')).toBe('9 ^ 2 = 81.');
    expect(answerArithmetic('What is 2 cubed plus 1?')).toBe('2 ^ 3 + 1 = 9.');
    expect(answerArithmetic('What is the square root of 144?')).toBe('144 ^ 0.5 = 12.');
    expect(answerArithmetic('What is the square root of a table?')).toBeNull();
    expect(answerArithmetic('What is 15 percent of 80?')).toBe('15 ÷ 100 × 80 = 12.');
    expect(answerArithmetic('How much is 12.5% of 200?')).toBe('12.5 ÷ 100 × 200 = 25.');
    expect(answerArithmetic('What percent of users read the manual?')).toBeNull();
    expect(answerArithmetic('What is git rebase?')).toBeNull();
    expect(answerArithmetic('How do I undo 3 commits?')).toBeNull();
  });

  it('converts between units of one measure itself, and reads no other question as a conversion', () => {
    expect(answerConversion('Convert 100 degrees Fahrenheit to Celsius.')).toBe('100 °F = 37.7778 °C.');
    expect(answerConversion('What is 5 km in miles?')).toBe('5 km = 3.10686 mi.');
    expect(answerConversion('How many feet are in a mile?')).toBe('1 mi = 5280 ft.');
    expect(answerConversion('how many grams in 3 ounces')).toBe('3 oz = 85.0485 g.');
    expect(answerConversion('What is 60 miles per hour in kilometres per hour?')).toBe('60 mph = 96.5606 km/h.');
    for (const notOne of ['How do I convert a string to an int?', 'Convert 5 km to kg', 'What is 2 in feet?', 'How many days are in a leap year?', 'Convert 3 constructor to toString']) {
      expect(answerConversion(notOne)).toBeNull();
    }
  });

  it('answers arithmetic and small talk without searching anything', async () => {
    const sum = await local.respond(turn('What is 17 times 3?'));
    expect(sum).toMatchObject({ kind: 'answer', text: '17 × 3 = 51.' });
    const hello = await local.respond(turn('Hi there!'));
    expect(hello.kind).toBe('answer');
    expect(hello.kind === 'answer' && hello.text).toContain('Hello!');
  });

  it('keeps the option a sentence defines, and cites where it came from', async () => {
    const text = await answer('What does the --amend option of git commit do?', commitPage);
    expect(text).toBe('--amend: Replace the tip of the current branch by creating a new commit. (git-commit.html)');
  });

  it('says the command a reference page documents, as typed, before its first quote or its option, unless the quotes or their citation say it', async () => {
    const show = { ...passage('git-show.html#2', 'Shows one or more objects (blobs, trees, tags and commits).', 'For commits it shows the log message and textual diff.'), section: 'git-show(1) Manual Page › DESCRIPTION', command: 'git show' };
    expect(await answer('Given a commit hash, how do I see its log message and diff?', show)).toBe(
      'git show: For commits it shows the log message and textual diff. (git-show.html › git-show(1) Manual Page › DESCRIPTION)',
    );
    expect(await answer('What does the --amend option do?', { ...commitPage, command: 'git commit' })).toBe(
      'git commit --amend: Replace the tip of the current branch by creating a new commit. (git-commit.html)',
    );
    // Said already: by the quote itself, or by its citation (a page named as its command is typed).
    const said = { ...passage('git-show.html#3', 'The command git show prints the log message and textual diff of a commit.'), command: 'git show' };
    expect(await answer('How do I see a commit\'s log message and diff?', said)).toBe('The command git show prints the log message and textual diff of a commit. (git-show.html)');
  });

  it('reads every sentence of a page whose command the question names as about that command, not only one that says it again', async () => {
    const lsRemote = {
      ...passage(
        'git-ls-remote.html#3',
        '-h\n--heads',
        'Limit to only refs/heads. Note that git ls-remote -h used without anything else on the command line gives help.',
        '--exit-code',
        'Exit with status "2" when no matching refs are found in the remote repository.',
      ),
      command: 'git ls-remote',
    };
    const text = await answer('How do I make git ls-remote exit with a non-zero status when none of the refs I asked for exist on the remote?', lsRemote);
    expect(text).toContain('--exit-code: Exit with status "2" when no matching refs are found');
  });

  it('answers "since which version" with the version note', async () => {
    const bisect = passage(
      'bisect.html#1',
      'bisect.bisect_left(a, x, lo=0, hi=len(a), *, key=None)',
      'Locate the insertion point for x in a to maintain sorted order. key specifies a key function of one argument that is used to extract a comparison key from each element in the array.',
      'Changed in version 3.10: Added the key parameter.',
    );
    // The best one sentence: the key function's own words are said by the description as often.
    expect(extractiveAnswer('Since which Python version does bisect.bisect_left accept a key function?', [bisect], 1)).toBe(
      'bisect.bisect_left(a, x, lo=0, hi=len(a), *, key=None): Changed in version 3.10: Added the key parameter. (bisect.html)',
    );
  });

  it("cites the section a quote is from with its document, and quotes from two sections as two sources", async () => {
    const counter = { ...passage('collections.html#12', 'elements()', 'Return an iterator over elements repeating each as many times as its count.'), section: 'Counter objects' };
    const deque = { ...passage('collections.html#20', 'A deque counts nothing; it appends and pops from either side in constant time.'), section: 'deque objects' };
    expect(await answer('How do I count how many times each element occurs?', counter)).toBe(
      'elements(): Return an iterator over elements repeating each as many times as its count. (collections.html › Counter objects)',
    );
    expect(await answer('What repeats elements as many times as their count, and what appends and pops from either side?', counter, deque)).toBe(
      'elements(): Return an iterator over elements repeating each as many times as its count. (collections.html › Counter objects) A deque counts nothing; it appends and pops from either side in constant time. (collections.html › deque objects)',
    );
  });

  it('keeps the option for a later paragraph of its definition, but not for text past the definition', async () => {
    const resetPage = passage(
      'git-reset.html#3',
      '--hard',
      'Resets the index and working tree.',
      'Any changes to tracked files in the working tree since the commit are discarded and untracked files that are in the way are deleted.',
      'Note that this is dangerous.',
      'See the examples below.',
      'Untracked files in the way of a checkout are deleted by other commands too.',
    );
    const text = await answer('How do I throw away the changes to my tracked files?', resetPage);
    expect(text).toBe('--hard: Any changes to tracked files in the working tree since the commit are discarded and untracked files that are in the way are deleted. (git-reset.html)');
    const past = await answer('Which other commands delete files in the way of a checkout?', resetPage);
    expect(past).toBe('Untracked files in the way of a checkout are deleted by other commands too. (git-reset.html)');
  });

  it('names the setting a passage goes on explaining when its definition began in the chunk before, but no ordinary heading', async () => {
    // Chunking names the definition a chunk starts inside of as its last heading, cited as the section's last part.
    const rest = {
      ...passage('runtime-config-health-check.html#2', 'The health check is disabled when it is 0.', 'Set it lower to notice a failed server sooner.'),
      section: 'Health Check › health_check_period (integer)',
    };
    expect(await answer('How do I notice a failed server sooner?', rest)).toBe(
      'health_check_period (integer): Set it lower to notice a failed server sooner. (runtime-config-health-check.html › Health Check › health_check_period (integer))',
    );
    // A section's title, however short, is no term, nor is a page's title alone.
    for (const section of ['Health Check › Failover and Failback', 'Health Check › 5.8. Settings', 'health_check_period (integer)'])
      expect(await answer('How do I notice a failed server sooner?', { ...rest, section })).toBe(`Set it lower to notice a failed server sooner. (runtime-config-health-check.html › ${section})`);
  });

  it('takes no rule (a line of dashes) for a term', async () => {
    const pragmaPage = passage(
      'pragma.html#12',
      '----------------------------------------',
      'This pragma is a no-op within a transaction; foreign key enforcement may only be changed outside one.',
    );
    const text = await answer('When can foreign key enforcement be changed?', pragmaPage);
    expect(text).toBe('This pragma is a no-op within a transaction; foreign key enforcement may only be changed outside one. (pragma.html)');
  });

  it('takes no label with its value ("Added in: v0.1.21") nor a table row with an empty last cell for a term, but a shell pipeline stays one', async () => {
    const fsPage = passage('fs.html#40', 'v0.1.21 |', 'Added in: v0.1.21', 'This is the synchronous version of fs.mkdir(), which creates a directory.');
    expect(await answer('How do I create a directory synchronously?', fsPage)).toBe('This is the synchronous version of fs.mkdir(), which creates a directory. (fs.html)');
    const archivePage = passage('git-archive.html#5', 'git archive --format=tar HEAD | gzip >out.tar.gz', 'Create a compressed tarball of the current commit.');
    expect(await answer('How do I create a compressed tarball?', archivePage)).toBe(
      'git archive --format=tar HEAD | gzip >out.tar.gz: Create a compressed tarball of the current commit. (git-archive.html)',
    );
  });

  it("takes a function's signature spaced out by punctuation for the term its description is quoted under, not the example before it", async () => {
    const functions = passage(
      'functions-string.html#2',
      'char_length ( text ) → integer',
      'Gives the number of characters in the string.',
      'char_length(\'abc\') → 3',
      'btrim ( string text [, characters text ] ) → text',
      'Strips the given characters (spaces unless given) from both ends of the string.',
    );
    expect(await answer('How do I strip spaces from both ends of a string?', functions)).toBe(
      'btrim ( string text [, characters text ] ) → text: Strips the given characters (spaces unless given) from both ends of the string. (functions-string.html)',
    );
  });

  it("reads even a word or two after a function's signature as its description, not as the next term", async () => {
    const functions = passage(
      'functions-math.html#1',
      'abs ( numeric_type ) → numeric_type',
      'Absolute value',
      'cbrt ( double precision ) → double precision',
      'Cube root',
      'gcd ( numeric_type, numeric_type ) → numeric_type',
      'Greatest common divisor (the largest positive number that divides both inputs with no remainder)',
    );
    // First, under its signature; the divisor's row shares "number" with the question.
    expect(await answer('How do I get the cube root of a number?', functions)).toMatch(/^cbrt \( double precision \) → double precision: Cube root gcd /);
  });

  it("quotes a table's row whole, whatever paragraphs its cells hold, as the HTML reader sets it", async () => {
    // DocBook's function tables: the signature, the description and an example, each a <p> of one cell.
    const cell = (name: string, signature: string, description: string, example: string) =>
      `<tr><td><p><code class="function">${name}</code> ${signature}</p><p>${description}</p><p><code>${example}</code></p></td></tr>`;
    const html = `<html><body><h2>Mathematical Functions</h2><table><thead><tr><th><p>Function</p><p>Description</p></th></tr></thead><tbody>
      ${cell('abs', '( numeric_type ) → numeric_type', 'Absolute value', 'abs(-17.4) → 17.4')}
      ${cell('cbrt', '( double precision ) → double precision', 'Cube root', 'cbrt(64.0) → 4')}
      ${cell('gcd', '( numeric_type, numeric_type ) → numeric_type', 'Greatest common divisor; returns 0 if both inputs are zero', 'gcd(1071, 462) → 21')}
      </tbody></table>
      <h2>Path equivalents</h2><table><tr><th><p>os and os.path</p></th><th><p>pathlib</p></th></tr>
      <tr><td><p><code>os.path.isdir()</code></p></td><td><p><code>Path.is_dir()</code></p></td></tr>
      <tr><td><p><code>os.path.isfile()</code></p></td><td><p><code>Path.is_file()</code></p></td></tr></table></body></html>`;
    const [math, paths] = (await parseDocument('html', Buffer.from(html), 'functions-math.html')).sections.map((s, i) => ({ source: `functions-math.html#${i}`, text: s.text }));
    expect(await answer('How do I get the cube root of a number?', math!)).toBe('cbrt ( double precision ) → double precision — Cube root — cbrt(64.0) → 4 (functions-math.html)');
    expect(await answer('What is the pathlib equivalent of os.path.isdir?', paths!)).toBe('os.path.isdir() | Path.is_dir() (functions-math.html)');
    // Rows say what they are about themselves: not under a note's title above the table.
    const noted = passage('pathlib.html#9', 'Note', 'Not all pairs of functions are equivalent.', 'os | pathlib\nos.getcwd() | Path.cwd()\nos.path.splitext() | PurePath.suffix');
    expect(await answer('Which Path method replaces os.path.splitext?', noted)).toBe('os.path.splitext() | PurePath.suffix (pathlib.html)');
  });

  it('quotes a later sentence of the definition the question names when it shares a word with the question', async () => {
    const settings = passage(
      'runtime-config.html#3',
      'shared_buffers (integer)',
      'How much memory the server keeps for its shared page cache. Its default is 128 megabytes; raise it on a large machine.',
      'temp_buffers (integer)',
      'The memory each session may use for temporary tables. The default is eight megabytes.',
    );
    expect(await answer('What is the default of shared_buffers?', settings)).toBe(
      'shared_buffers (integer): How much memory the server keeps for its shared page cache. Its default is 128 megabytes; raise it on a large machine. (runtime-config.html)',
    );
  });

  it("takes a long signature for its description's term, said by its name and the parameters the question names, and quotes no interactive session", async () => {
    const runner = passage(
      'runner.html#4',
      'runner.run(args, *, stdin=None, input=None, stdout=None, stderr=None, capture_output=False, shell=False, cwd=None, timeout=None, check=False)',
      'Run the command described by args and wait for it to finish. If check is true and the command fails, an error is raised.',
      '>>> runner.run(["false"], check=True)\nTraceback (most recent call last): the command failed',
    );
    expect(await answer('What does check do in runner.run?', runner)).toBe(
      'runner.run(…, check=False, …): Run the command described by args and wait for it to finish. If check is true and the command fails, an error is raised. (runner.html)',
    );
    expect(await answer('How do I run a command with runner.run and wait for it?', runner)).toMatch(/^runner\.run\(…\): Run the command described by args and wait for it to finish\./);
  });

  it("quotes an example's explanation, not its lines of code, though the code names what the question asks about", async () => {
    const page = passage(
      'server.html#7',
      'const server = makeServer();\nserver.listen(8000);\n// server.listen also takes a host',
      'server.listen() starts accepting connections on the given port. A list of steps may end with semicolons:\n- open the port;\n- accept.',
      'PRAGMA busy_timeout = 5000;',
    );
    expect(await answer('What does server.listen do?', page)).toBe('server.listen() starts accepting connections on the given port. (server.html)');
    expect(await answer('Which step opens the port?', page)).toContain('- open the port;');
  });

  it("quotes no line of a configuration example (a '# ' comment, columns set out with spaces), but its explanation", async () => {
    const page = passage(
      'pam_unix.html#9',
      'For example:',
      '# Authenticate the user\nauth       required   pam_unix.so\npassword   required   pam_unix.so use_authtok nullok yescrypt',
      'The nullok argument lets a user with a blank password in.',
    );
    expect(await answer('What does nullok do for pam_unix logins?', page)).toBe('The nullok argument lets a user with a blank password in. (pam_unix.html)');
  });

  it("quotes what an example's long comment says, a run of comment lines read as one, but no short comment nor commented-out code", async () => {
    const page = passage(
      'cache.html#3',
      'In short:',
      "c = cache.open('data')\nc['k'] = [1, 2]\nc['k'].append(3)    # lost!\n# c.flush(force=True, wait=0, retries=3, log=None, mode='w')\n\n# opened with persist=True instead, the cache would keep\n# changes made in place to stored lists, but it holds every entry\n# in memory until close() is called\nc.close()",
    );
    const said = await answer('Why are my appends to a cached list lost unless I set persist=True?', page);
    expect(said).toBe(
      'opened with persist=True instead, the cache would keep changes made in place to stored lists, but it holds every entry in memory until close() is called (cache.html)',
    );
    expect(await answer('Is the append lost when I flush with force?', page)).toMatch(/^None of the 1 passage\(s\) .* mention what you asked about/);
  });

  it("shows the line of code an example's comment is about with the comment, once", async () => {
    const page = passage(
      'nested.html#2',
      'To walk nested projects with every command, set it once for all:',
      '# Make every command descend into nested projects by default,\n# so that you never have to pass the flag each time again\nproj config --global walk.nested true\n\n# Opening a shell still needs its own flag when it should walk the nested projects\nproj shell --nested',
    );
    const said = await answer('Is there one global setting so that every command descends into nested projects?', page);
    expect(said).toContain('Make every command descend into nested projects by default, so that you never have to pass the flag each time again `proj config --global walk.nested true`');
    // The sentence introducing the block would show the same line: it is shown once.
    expect(said.split('walk.nested true').length - 1).toBe(1);
    expect(said).not.toContain('proj shell');
  });

  it("quotes no line of code a comment is about as a sentence of its own, though no code pattern knows the command", async () => {
    const page = passage(
      'nested.html#3',
      'Commands stay in the top project unless told to walk nested ones.',
      '# Make every command descend into nested projects by default,\n# so that you never have to pass the flag each time again\nproj config --global walk.nested true',
    );
    const said = await answer('Is there one global setting so that every command walks nested projects?', page);
    expect(said).toBe(
      'Commands stay in the top project unless told to walk nested ones. Make every command descend into nested projects by default, so that you never have to pass the flag each time again `proj config --global walk.nested true` (nested.html)',
    );
  });

  it("reads a shell's fi and a comment a tab after code as code, neither a term nor a sentence to quote", async () => {
    // A chunk may begin inside a script, at the "fi" closing its last block: that is no term the comment after it defines.
    const bisect = passage(
      'bisect.html#7',
      'fi',
      '# undo the tweak to allow clean flipping to the next commit\ngit reset --hard',
      'This applies the hot-fix before each test run.',
    );
    expect(await answer('How does the script reset the tweak before flipping to the next commit?', bisect)).toBe(
      'undo the tweak to allow clean flipping to the next commit `git reset --hard` (bisect.html)',
    );
    const failover = passage(
      'failover.html#2',
      'if [ "$failed" = "$primary" ];then\t# primary failed\n$pg_ctl -D $standby promote >>$log\t# let the standby take over\nsleep 2\nfi',
      'The script promotes the standby when the primary goes down.',
    );
    expect(await answer('When the primary goes down, does the standby take over?', failover)).toBe('The script promotes the standby when the primary goes down. (failover.html)');
  });

  it("quotes no call's last line set over several, though it names what was asked", async () => {
    const page = passage(
      'pickle.html#30',
      'Here is a simple example where we allow pickling and reconstructing a given class:',
      "class MyPickler(pickle.Pickler):\n    def reducer_override(self, obj):\n        if getattr(obj, '__name__', None) == 'MyClass':\n            return type, (obj.__name__, obj.__bases__,\n                          {'my_attribute': obj.my_attribute})",
      'The reducer_override() method is called for every object pickled.',
    );
    const said = await answer('How is my_attribute kept when a class is pickled with reducer_override?', page);
    expect(said).not.toContain("{'my_attribute'");
    expect(said).toContain('The reducer_override() method is called for every object pickled.');
  });

  it("quotes a comment of nine words over its code when it names what was asked, but no comment of fewer", async () => {
    const page = passage(
      'cache.html#4',
      "c = cache.open('data')\n# having opened c without persist=True, you need to code carefully:\ntemp = c['k']\ntemp.append(5)\nc['k'] = temp\n\n# a flush writes the pages out\nc.flush()",
    );
    expect(await answer('My appends are lost: do I need persist=True?', page)).toBe(
      "having opened c without persist=True, you need to code carefully:\n```\ntemp = c['k']\ntemp.append(5)\nc['k'] = temp\n```\n(cache.html)",
    );
    expect(await answer('What does a flush write out?', page)).toMatch(/^None of the 1 passage\(s\) .* mention what you asked about/);
  });

  it('reads a list whose definitions are phrases as term and definition, and leaves the term behind after its phrase', async () => {
    const limits = passage(
      'limits.html#3',
      'nofile',
      'maximum number of open file descriptors',
      'nproc',
      'maximum number of processes',
      'chroot',
      'the directory to chroot the user to',
      'All items support the value unlimited, meaning no limit on processes or files.',
    );
    expect(await answer('What is the maximum number of processes?', limits)).toContain('nproc: maximum number of processes');
    // Not "chroot: All items support…": the list ended with chroot's phrase.
    expect(await answer('Which items support unlimited?', limits)).toBe('All items support the value unlimited, meaning no limit on processes or files. (limits.html)');
  });

  it('quotes the definition of an option the question calls by a plain word, over sentences naming the module', async () => {
    const wheel = passage(
      'pam_wheel.html#1',
      'debug',
      'Print debug information.',
      'group=name',
      'Instead of checking the wheel group, use the name group.',
      'trust',
      'The pam_wheel module will return success if the user is a member of the wheel group.',
      'pam_wheel was written by Cristian Gafton.',
    );
    expect(await answer('What does the group option of pam_wheel do?', wheel)).toMatch(/^group=name: Instead of checking the wheel group, use the name group\./);
  });

  it('quotes the definition of an option the question calls by its long name when the list gives its short name first', async () => {
    const promote = passage(
      'pcp-promote-node.html#4',
      'pcp_promote_node promotes the given node to be the new primary of Pgpool-II.',
      'Run without options, pcp_promote_node only changes the internal status of Pgpool-II.',
      '-g\n--gracefully',
      'Wait until all clients are disconnected.',
      '-s\n--switchover',
      'Let the specified node be actually promoted by triggering the failover_command.',
      'Other options',
      'See pcp_common_options.',
    );
    expect(await answer('What does the switchover option of pcp_promote_node do compared with running it without that option?', promote)).toContain(
      '-s --switchover: Let the specified node be actually promoted by triggering the failover_command.',
    );
    // A negatable option's "[no-]" is no part of the name it is called by.
    const commit = passage(
      'git-commit.html#9',
      'core.hooksPath sets the directory git commit runs its hooks from.',
      'git commit reads core.hooksPath for each commit.',
      '-n\n--[no-]verify',
      'Bypass the pre-commit and commit-msg hooks.',
      'Other options',
      'See git commit --help for every option of git commit.',
    );
    expect(await answer('With core.hooksPath set, what does the verify option of git commit do?', commit)).toContain('-n --[no-]verify: Bypass the pre-commit and commit-msg hooks.');
  });

  it("names an option's definition by its forms with their argument, not by the option before it", async () => {
    const enc = passage(
      'pg-enc.html#2',
      '-m\n--update-pass',
      'Create encrypted password entry in the pool_passwd file.',
      '-u your_username\n--username=your_username',
      'Creates the pool_passwd entry for the database user called your_username.',
    );
    const answered = await answer('Which option creates the pool_passwd entry for a database user?', enc);
    expect(answered).toContain('-u your_username --username=your_username: Creates the pool_passwd entry for the database user called your_username.');
    expect(answered).not.toContain('--update-pass: Creates');
  });

  it("quotes no command's synopsis, only what is said of it", async () => {
    const describe = passage(
      'git-describe.html#0',
      'git describe [--all] [--tags] [--contains] [--abbrev=<n>] [<commit-ish>…]',
      'By default git describe only shows annotated tags.',
    );
    expect(await answer('What does git describe show with --tags?', describe)).toBe('By default git describe only shows annotated tags. (git-describe.html)');
    // A function's signature with as many optional parts is still the term its description is quoted under.
    const xml = passage('functions-xml.html#1', 'xmlelement ( NAME name [, XMLATTRIBUTES ( attvalue [ AS attname ] [, ...] ) ] [, content [, ...]] ) → xml', 'Produces an XML element with the given name, attributes and content.');
    expect(await answer('How do I produce an XML element?', xml)).toBe('xmlelement(…): Produces an XML element with the given name, attributes and content. (functions-xml.html)');
  });

  it('reads a subcommand with its bracketed parts as the term its definition is quoted under, though a synopsis has as many', async () => {
    const stash = passage(
      'git-stash.html#2',
      'git stash pop [--index] [-q|--quiet] [<stash>]',
      'pop [--index] [-q|--quiet] [<stash>]',
      'Remove a single stashed state from the stash list and apply it on top of the current working tree state.',
      'apply [--index] [-q|--quiet] [<stash>]',
      'Like pop, but do not remove the state from the stash list.',
    );
    expect(await answer('How is git stash pop different from git stash apply?', stash)).toBe(
      'pop [--index] [-q|--quiet] [<stash>]: Remove a single stashed state from the stash list and apply it on top of the current working tree state. apply [--index] [-q|--quiet] [<stash>]: Like pop, but do not remove the state from the stash list. (git-stash.html)',
    );
  });

  it("quotes a callout's explanation under the example line it marks, and no marked line or shell prompt itself", async () => {
    const examples = passage(
      'git-diff.html#48',
      'Various ways to check your working tree',
      '$ git diff            <1>\n$ git diff --cached   <2>\n$ git reset --soft HEAD^ ;# go back to WIP state  <3>',
      ' 1. Changes in the working tree not yet staged for the next commit.',
      ' 2. Changes between the index and your last commit; what you would be committing if you run git commit without -a option.',
      ' 3. This removes the WIP commit from the commit history.',
      ' 4. A numbered step no line is marked for stays a plain sentence.',
    );
    expect(await answer('What does git diff --cached show?', examples)).toBe(
      'git diff --cached: Changes between the index and your last commit; what you would be committing if you run git commit without -a option. (git-diff.html)',
    );
    expect(await answer('How do I go back to the WIP state?', examples)).toBe('git reset --soft HEAD^: This removes the WIP commit from the commit history. (git-diff.html)');
    expect(await answer('What does a numbered step say?', examples)).toBe('A numbered step no line is marked for stays a plain sentence. (git-diff.html)');
  });

  it('takes no command after a shell prompt as the term of the prose that follows it, which goes on with the page', async () => {
    const tutorial = passage(
      'gittutorial.html#9',
      '$ git switch experimental',
      'Now edit a file, commit the change, and switch back to the master branch.',
    );
    expect(await answer('How do I switch back to the master branch after a commit?', tutorial)).toBe(
      'Now edit a file, commit the change, and switch back to the master branch. (gittutorial.html)',
    );
    // Under an option's term, a prompt's line between its paragraphs leaves the term in place.
    const restore = passage('git-restore.html#2', '--staged', 'Restore the index.', '$ git restore --staged hello.c', 'Only the index changes; the working tree keeps the edits.');
    // (The sentence before the line shows it as its example.)
    expect(await answer('Which does --staged change, the index or the working tree?', restore)).toBe(
      '--staged: Restore the index. `$ git restore --staged hello.c` Only the index changes; the working tree keeps the edits. (git-restore.html)',
    );
  });

  it('shows the code a quoted sentence introduces with it, though no line of that code says a word of the question', async () => {
    const page = passage(
      'errlog.html#1',
      'There can only be a single error logging callback per process. The error logging callback is registered at start-time using code similar to the following:',
      'config_set(CONFIG_LOG, onProblem, state);',
      'The messages can then be sent to the system journal.',
    );
    expect(await answer('How do I get every warning the library meets sent to my own callback at start-time?', page)).toContain(
      'The error logging callback is registered at start-time using code similar to the following: `config_set(CONFIG_LOG, onProblem, state);`',
    );
  });

  it('shows the names a quoted sentence introduces as a list with it, as many as fit a line', async () => {
    const page = passage(
      'schematab.html#2',
      'The schema table is always named "schema_table". But for historical compatibility, some alternative names are also recognized, including:',
      ' 1. legacy_master\n 2. legacy_temp_schema\n 3. legacy_temp_master',
      'Alternatives (2) and (3) only work for the TEMP database.',
    );
    expect(await answer('What older alternative name works for backwards compatibility?', page)).toContain(
      'some alternative names are also recognized, including: `legacy_master, legacy_temp_schema, legacy_temp_master`',
    );
    const keywords = Array.from({ length: 40 }, (_, i) => `- KEYWORD_${i}`).join('\n');
    const long = await answer('Which keywords are reserved?', passage('keywords.html#1', 'The following words are reserved keywords:', keywords));
    expect(long).toContain('`KEYWORD_0, KEYWORD_1, ');
    expect(long).toContain(', …`');
    expect(long).not.toContain('KEYWORD_39');
  });

  it('quotes a sentence whose opening clause says "this …" with the sentence before it, which says what that is', async () => {
    const page = passage(
      'git-bisect.html#15',
      'Any other exit code will abort the bisect process. The special exit code 125 should be used when the current source code cannot be tested. If the script exits with this code, the current revision will be skipped.',
    );
    const text = await answer('What should my bisect script exit with so the current revision is skipped?', page);
    expect(text).toContain('The special exit code 125 should be used when the current source code cannot be tested. If the script exits with this code');
  });

  it("shows a shell session's typed command, not what it printed, as the example of the sentence introducing it", async () => {
    const session = passage(
      'git-switch.html#3',
      'To check out commit HEAD~3 for temporary inspection or experiment without creating a new branch:',
      "$ git switch --detach HEAD~3\nHEAD is now at 9fc9555312 Merge branch 'cc/shared-index-permbits'",
      'If it turns out whatever you have done is worth keeping, you can always create a new name for it.',
    );
    const text = await answer('How can I switch to an old commit to poke around without creating a new branch?', session);
    expect(text).toContain('without creating a new branch: `$ git switch --detach HEAD~3`');
    expect(text).not.toContain('HEAD is now at');
  });

  it('quotes no listing of command lines (each starting with the same command, none ending a sentence), but prose wrapped over lines', async () => {
    const page = passage(
      'gitcredentials.html#1',
      'git config credential.https://example.com.username myusername\ngit config credential.helper "$helper $options"',
      'git config credential.helper takes the name of a helper\nand any options it is given.',
    );
    expect(await answer('How do I configure credential.helper?', page)).toBe(
      'git config credential.helper takes the name of a helper and any options it is given. (gitcredentials.html)',
    );
  });

  it("reads an option's other names, one to a line, as its term; quotes no numbered contents' entry, and other entries one at a time", async () => {
    const merge = passage('git-merge.html#4', '--squash\n--no-squash', 'Produce the working tree as if a real merge happened, but do not commit.');
    expect(await answer('What does --no-squash do?', merge)).toBe('--squash --no-squash: Produce the working tree as if a real merge happened, but do not commit. (git-merge.html)');
    const contents = passage('reference.html#0', 'Table of Contents', '6.14. pam_limits - limit resources\n6.14.1. DESCRIPTION\n6.15. pam_listfile - deny or allow services');
    expect(await answer('What does pam_limits limit?', contents)).toMatch(/^None of the 1 passage/);
    const params = passage('chunking.html#0', 'base.dir — The base directory of chunks\nchunk.quietly — Whether to omit the chunk messages\nhtml.ext — Identifies the extension of generated HTML files');
    expect(await answer('What is the extension of the generated files?', params)).toBe('html.ext — Identifies the extension of generated HTML files (chunking.html)');
  });

  it("quotes no line of a Python example (import, block opener, assignment, call), but what is said of it", async () => {
    const csv = passage(
      'csv.html#15',
      'The simplest example:',
      "import csv\nwith open('some.csv', newline='') as f:\n    reader = csv.reader(f)\n    for row in reader:\n        print(row)",
      'Opening the file with newline set to empty keeps quoted line breaks intact.',
    );
    expect(await answer('Why open the csv file with newline empty?', csv)).toBe('Opening the file with newline set to empty keeps quoted line breaks intact. (csv.html)');
  });

  it("takes a decorator's signatures over each other for one term, and no example line with a trailing comment", async () => {
    const cache = passage(
      'functools.html#3',
      'sorted(words, key=cmp_to_key(strcoll))  # locale-aware sort order',
      '@functools.lru_cache(user_function)\n@functools.lru_cache(maxsize=128, typed=False)',
      'Decorator to wrap a function with a memoizing callable.',
    );
    expect(await answer('What does functools.lru_cache do?', cache)).toBe(
      '@functools.lru_cache(user_function) @functools.lru_cache(maxsize=128, typed=False): Decorator to wrap a function with a memoizing callable. (functools.html)',
    );
  });

  it('does not quote a term whose definition was cut off at the end of the passage', async () => {
    const settings = passage('memory.html#2', 'work_mem (integer)', 'The memory one sort step may use.', 'maintenance_work_mem (integer)');
    expect(await answer('What memory does work_mem set?', settings)).toBe('work_mem (integer): The memory one sort step may use. (memory.html)');
  });

  it('finds a short option the question names as a whole token, not inside a longer one', async () => {
    const cherryPick = passage(
      'git-cherry-pick.html#4',
      '--allow-empty',
      'By default, cherry-picking an empty commit will fail.',
      '-x',
      'When recording the commit, append a line that says "(cherry picked from commit …)" to the original commit message.',
    );
    const text = await answer('What does git cherry-pick -x add to the commit message?', cherryPick);
    expect(text).toBe('-x: When recording the commit, append a line that says "(cherry picked from commit …)" to the original commit message. (git-cherry-pick.html)');
  });

  it('finds a snake_case name the question names as a whole token, not inside a longer one', async () => {
    const settings = passage(
      'runtime-config.html#12',
      'maintenance_work_mem (integer)',
      'The largest amount of memory maintenance jobs such as VACUUM may use. It is 64 megabytes unless set.',
      'work_mem (integer)',
      'The largest amount of memory one sort or hash step of a query may use before it spills to disk.',
    );
    // Both definitions share "work" and "mem" with the question; only one is named by it.
    expect(await answer('What does work_mem limit?', settings)).toBe(
      'work_mem (integer): The largest amount of memory one sort or hash step of a query may use before it spills to disk. (runtime-config.html)',
    );
  });

  it('quotes the sentence naming a directive the question writes in camel case, though others share more of its words', async () => {
    const core = passage(
      'core.html#9',
      'The server waits a long time for further requests on a kept-alive connection. KeepAliveTimeoutExtra is no directive.',
      'KeepAliveTimeout sets the seconds before an idle connection is closed.',
    );
    const text = await answer('How long does the server wait for further requests under KeepAliveTimeout?', core);
    expect(text).toContain('KeepAliveTimeout sets the seconds before an idle connection is closed.');
    expect(text).not.toContain('KeepAliveTimeoutExtra');
  });

  it('lets no name said by most of the sentences at hand outweigh the words of the question', async () => {
    const guide = passage(
      'arrays.html#2',
      'JavaScript runs in every browser. JavaScript has objects. JavaScript code is loaded by script tags.',
      'Array.prototype.sort() orders the elements of an array in place.',
    );
    expect(await answer('How do I order an array in JavaScript?', guide)).toBe('Array.prototype.sort() orders the elements of an array in place. (arrays.html)');
  });

  it('quotes the table row that writes the operator the question asks about, though it shares no word with it', async () => {
    const operators = passage(
      'functions-json.html#3',
      'The operators below work on JSON values.',
      'Operator | Description\njson -> integer → json | Extracts the n-th element of a JSON array.\njsonb ->> text → text | Extracts a JSON object field with the given key, as text.',
    );
    expect(await answer('What does the ->> operator do?', operators)).toBe('jsonb ->> text → text | Extracts a JSON object field with the given key, as text. (functions-json.html)');
  });

  it("quotes the sentence that says the manual's word for the question's everyday one", async () => {
    const page: ContextPassage = {
      source: 'tables.html#2',
      text: 'Each table has a name. A table holds rows. A table may have an index. DROP TABLE removes a table and its rows from the database.',
    };
    // Every sentence shares "table"; only the last says "removes" (the thesaurus's word for "erase"), and it comes last.
    const text = await answer('How do I erase a table?', page);
    expect(text).toContain('DROP TABLE removes a table and its rows from the database.');
  });

  it('quotes the sentence stating the kind of answer the question asks for, though others share more of its words', () => {
    const page = passage(
      'cache.html',
      'Cached query results are kept in shared memory. Query results are cached only for SELECT statements.',
      'memqcache_expire (integer)',
      'Specifies the life time of the query cache in seconds.',
    );
    // "How long" asks for a duration: the sentence saying "seconds" answers it, not the ones repeating "cached query results".
    expect(extractiveAnswer('How long do cached query results stay valid?', [page], 1)).toBe('memqcache_expire (integer): Specifies the life time of the query cache in seconds. (cache.html)');
    // Asked without "how long", the same words are answered by the sentence sharing most of them.
    expect(extractiveAnswer('Do cached query results stay valid?', [page], 1)).toBe('Cached query results are kept in shared memory. (cache.html)');
  });

  it('quotes the passage retrieval ranked first even when sentences of other passages share more of the question\'s words', () => {
    const question = 'How do I get every possible ordering of the items in a list?';
    const passages: ContextPassage[] = [
      passage('itertools.html#4', 'permutations(iterable)', 'Get successive permutations of the elements, every possible arrangement of them.'),
      passage('sorting.html#1', 'It is possible to get the items of a list sorted with sorted(). It is possible to get the items of a list in reverse order. A list is sorted in place by list.sort().'),
      passage('heapq.html#0', 'It is possible to get the smallest items of a list from a heap. Items of a list are pushed onto the heap.'),
    ];
    // Two quotes: the best sentence of all, and the first passage's best in place of the second best (a sorting one).
    expect(extractiveAnswer(question, passages, 2)).toBe(
      'permutations(iterable): Get successive permutations of the elements, every possible arrangement of them. (itertools.html) It is possible to get the items of a list in reverse order. (sorting.html)',
    );
    // One quote is the best sentence of all, wherever it is.
    expect(extractiveAnswer(question, passages, 1)).toBe('It is possible to get the items of a list in reverse order. (sorting.html)');
  });

  it('names the definition the passages ranked first hold when the question\'s everyday words match only the prose around it', () => {
    const blame = passage(
      'git-blame.html#3',
      'The report shows the commit that last changed each line of a file, and the author of that commit.',
      'A commit that only reformats the project changes every line, and the report then points at it everywhere.',
      '--ignore-revs-file <file>',
      'Ignore revisions listed in file, which must be in the same format as an fsck.skipList.',
    );
    const tutorial = passage('gittutorial.html#2', 'A formatter run over the whole project makes one commit the author of every line of it.', 'Commits kept in a list can be shown with git log.');
    const question = 'One commit that reformats the project is now the author of every line in the report. How do I ignore the revisions listed in a file?';
    // The option's line shares fewer of the question's words than the prose of either page, yet it is what answers it.
    expect(extractiveAnswer(question, [blame, tutorial], 2)).toBe(
      'A commit that only reformats the project changes every line, and the report then points at it everywhere. --ignore-revs-file <file>: Ignore revisions listed in file, which must be in the same format as an fsck.skipList. (git-blame.html)',
    );
    // One quote is still the best sentence of all.
    expect(extractiveAnswer(question, [blame, tutorial], 1)).toBe('A commit that only reformats the project changes every line, and the report then points at it everywhere. (git-blame.html)');
    // A definition in a passage retrieval ranked third is as likely another's subject: it is not brought in.
    // (Asked as one request: a question of two has the best sentence on each quoted, wherever it is.)
    const other = passage('gitglossary.html#1', 'A commit records a snapshot of the project; its author is the one who made the change.');
    const oneRequest = 'Which way is there to ignore the revisions listed in a file when one commit that reformats the project is now the author of every line in the report?';
    expect(extractiveAnswer(oneRequest, [blame, tutorial], 2)).toContain('--ignore-revs-file <file>: Ignore revisions listed in file');
    expect(extractiveAnswer(oneRequest, [tutorial, other, blame], 2)).not.toContain('--ignore-revs-file');
  });

  it('quotes the sentence naming a keyword the question writes in capitals, or a shell command it names', async () => {
    // Ranked as retrieval would for the first question (the passage ranked first is always heard: see the test above).
    const pages: ContextPassage[] = [
      { source: 'lang_transaction.html#1', text: 'IMMEDIATE causes the database connection to start a new write immediately, without waiting for a write statement.' },
      { source: 'cli.html#7', text: 'Use the ".import" command to load CSV data into a table. A shell command is one that begins with a period.' },
      { source: 'pragma.html#3', text: 'The difference between this pragma and cache_size is that the value set here persists across connections.' },
    ];
    const said = (message: string) => answer(message, ...pages);
    expect(await said('What is the difference between BEGIN DEFERRED and BEGIN IMMEDIATE?')).toBe(
      'IMMEDIATE causes the database connection to start a new write immediately, without waiting for a write statement. (lang_transaction.html)',
    );
    expect(await said('How does the .import command of the shell load a file?')).toBe('Use the ".import" command to load CSV data into a table. (cli.html)');
  });

  it('quotes a sentence on each part of a question that asks several things, though sentences on the first part outscore it', () => {
    const page = passage(
      'intro.html',
      'Pgpool-II is a proxy that gives PostgreSQL features such as connection pooling.',
      'Pgpool-II gives features like load balancing to PostgreSQL.',
      'Windows is not supported.',
    );
    // Two quotes: the best sentence on what it gives, and the one on its last part in place of the second best.
    expect(extractiveAnswer('What is Pgpool-II, what features does it give you, and does it run on Windows?', [page], 2)).toBe(
      'Pgpool-II is a proxy that gives PostgreSQL features such as connection pooling. Windows is not supported. (intro.html)',
    );
    // Asked as one request, "Windows" is one word of it, which the sentences on features outweigh.
    expect(extractiveAnswer('What features does Pgpool-II give you on Windows?', [page], 2)).toBe(
      'Pgpool-II is a proxy that gives PostgreSQL features such as connection pooling. Pgpool-II gives features like load balancing to PostgreSQL. (intro.html)',
    );
  });

  it('quotes the sentence on the clause the question names by its keywords side by side, though others outscore it', async () => {
    const upsertPage = passage(
      'lang_upsert.html',
      'UPSERT is a clause added to INSERT that causes the INSERT to behave as an UPDATE or a no-op if the INSERT would violate a uniqueness constraint.',
      'An UPSERT is an ordinary INSERT statement that is followed by one or more ON CONFLICT clauses.',
      'The ON CONFLICT clauses of an UPSERT are checked in the order specified.',
      'If the insert would fail, then the insert is omitted and the DO NOTHING or DO UPDATE operation is performed instead.',
    );
    const text = await answer('How does an UPSERT with ON CONFLICT DO UPDATE work?', upsertPage);
    expect(text).toContain('the DO NOTHING or DO UPDATE operation is performed instead.');
    expect(text).toContain('An UPSERT is an ordinary INSERT statement that is followed by one or more ON CONFLICT clauses.');
  });

  it("shows no next definition's signature, no keyword's forms and no import as the example of the sentence before it", async () => {
    const heap = passage('heapq.html#1', 'heapq.heappush(heap, item)', 'Push the value item onto the heap.', 'heapq.heappop(heap)', 'Pop and return the smallest item from the heap.');
    expect(await answer('How do I push an item onto the heap?', heap)).toBe('heapq.heappush(heap, item): Push the value item onto the heap. (heapq.html)');
    // Nor a keyword's forms, one to a line, as a definition list names them.
    const nulls = passage('sql-createindex.html#9', 'Specifies that nulls sort after non-nulls. This is the default when DESC is not specified.', 'NULLS DISTINCT\nNULLS NOT DISTINCT', 'Specifies whether for a unique index, null values should be considered distinct.');
    expect(await answer('Is NULLS DISTINCT the default when DESC is not specified?', nulls)).not.toContain('`');
    const temp = passage('tempfile.html#0', 'It provides the TemporaryFile() and NamedTemporaryFile() functions:', 'import tempfile\nfp = tempfile.TemporaryFile()');
    expect(await answer('Which functions does the tempfile module provide?', temp)).toBe('It provides the TemporaryFile() and NamedTemporaryFile() functions: `fp = tempfile.TemporaryFile()` (tempfile.html)');
  });

  it('reads an example a page breaks with blank lines as one, and shows the line of it that says the name asked about', async () => {
    const testing = passage(
      'warnings.html#10',
      'To test warnings raised by code, use the catch_warnings context manager. For instance, do the following to capture all raised warnings:',
      'import warnings',
      'def fxn():\n    warnings.warn("deprecated", DeprecationWarning)',
      'with warnings.catch_warnings(record=True) as w:\n    # Cause all warnings to always be triggered.\n    warnings.simplefilter("always")\n    fxn()\n    assert len(w) == 1\n    assert issubclass(w[-1].category, DeprecationWarning)',
      'One can also cause all warnings to be exceptions by using error instead of always.',
    );
    const text = await answer('How do I capture all raised warnings with warnings.simplefilter?', testing);
    // The name is said only in the third paragraph of code, which the line "import warnings" and a
    // function's definition come before; "import warnings" is no term the assertions are quoted under.
    expect(text).toContain('For instance, do the following to capture all raised warnings: `warnings.simplefilter("always")`');
    expect(text).not.toContain('import warnings');
    expect(text).not.toContain('assert ');
  });

  it('prefers a sentence that says something to one that only introduces what follows it, unless it shows the code it introduces', async () => {
    const introduces = 'To use other terms, you must run git bisect start without commits as argument and then run the following commands to add the commits:';
    const says = 'You can use the terms old and new in place of good and bad to mark commits before and after a change.';
    const question = 'How do I mark commits as old or new instead of good and bad with git bisect?';
    // Followed by prose, the sentence points at nothing quoted alone.
    expect(await answer(question, passage('git-bisect.html#7', introduces, 'See the examples section.', says))).toBe(`${says} (git-bisect.html)`);
    // Nor when no line of the code says a word of the question's own ("make" is only the thesaurus's word for "new").
    expect(await answer(question, passage('git-bisect.html#7', introduces, '$ make test', says))).toBe(`${says} (git-bisect.html)`);
    // Introducing code that says a word of the question's, it is quoted with that code (two lines: shown whole).
    expect(await answer(question, passage('git-bisect.html#7', introduces, '$ git bisect start\n$ git bisect old v2.6.13-rc2', says))).toBe(
      `${introduces}\n\`\`\`\n$ git bisect start\n$ git bisect old v2.6.13-rc2\n\`\`\`\n${says} (git-bisect.html)`,
    );
  });

  it('quotes no line of markup, though it names the parameter asked about', async () => {
    // A reference page's name line, its synopsis under it (DocBook XSL's parameter pages).
    const paramPage = passage('function.parens.html#0', 'function.parens — Generate parens after a function?\n<xsl:param name="function.parens" select="0"></xsl:param>');
    const text = await answer('What does function.parens do?', paramPage);
    expect(text).toBe('function.parens — Generate parens after a function? (function.parens.html)');
    const linked = passage('docbook.css.link.html#0', 'The stylesheet writes a link to the CSS file:\n<link rel="stylesheet" href="docbook.css" type="text/css">');
    expect(await answer('How does the stylesheet link the CSS file?', linked)).not.toContain('<link');
  });

  it('quotes a sentence that a page repeats under every entry once, not once per entry', async () => {
    const loggingPage = passage(
      'runtime-config-logging.html#6',
      'log_statement (boolean)',
      'Setting to on, prints all SQL statements to the log.',
      'This parameter can be changed by reloading the Pgpool-II configurations.',
      'log_per_node_statement (boolean)',
      'Similar to log_statement, except that it prints the logs for each DB node separately.',
      'This parameter can be changed by reloading the Pgpool-II configurations.',
      'log_client_messages (boolean)',
      'Setting to on, prints client messages to the log.',
      'This parameter can be changed by reloading the Pgpool-II configurations.',
    );
    const text = await answer('Which logging parameters can be changed by reloading the configuration?', loggingPage);
    expect(text.match(/can be changed by reloading/g)).toHaveLength(1);
  });

  it('quotes no rule or run of punctuation as a sentence, even under a term', async () => {
    const pragmaPage = passage(
      'pragma.html#20',
      'PRAGMA foreign_key_list',
      '----------------------------------------',
      'PRAGMA foreign_keys',
      'Query, set, or clear the enforcement of foreign key constraints.',
    );
    const text = await answer('How do I list the foreign keys of a table with a PRAGMA?', pragmaPage);
    expect(text).not.toMatch(/-{5}/);
    expect(text).toBe('PRAGMA foreign_keys: Query, set, or clear the enforcement of foreign key constraints. (pragma.html)');
  });

  it('quotes from several sources each with its own citation, and does not cut at "e.g."', async () => {
    const { text } = await local.generate(
      chatRequest({ message: 'What does push.default do when I run git push plain, and what does --dry-run do?', context: [commitPage, configPage] }),
    );
    expect(text).toContain('--dry-run: Do not create a commit, but show a list of paths that are to be committed. (git-commit.html)');
    // The definition's later sentence shares "default" with the question, so it is quoted too.
    expect(text).toContain('push.default: Defines the action git push should take if no refspec is given (e.g. when you run it plain). It is set to simple by default. (git-config.html)');
  });

  it('quotes a sentence wrapped over two lines whole, and keeps list items apart', async () => {
    const handbook = passage(
      'handbook.md',
      'Items can be returned within 30 days of delivery for a full refund. Refunds reach your card\nwithin 5 business days after the returned item arrives.',
      'We ship to:\n- Norway\n- Sweden',
    );
    const text = await answer('How many days until my refund reaches my card?', handbook);
    expect(text).toContain('Refunds reach your card within 5 business days after the returned item arrives.');
    expect(text).not.toMatch(/\. within 5/);
    const list = await answer('Do you ship to Sweden?', handbook);
    expect(list).toContain('Sweden');
    expect(list).not.toContain('Norway - Sweden');
  });

  it('in the first round calls what the router chose, with its reason', async () => {
    const result = await local.respond(turn('How do I amend a commit?'));
    expect(result).toMatchObject({
      kind: 'tool_calls',
      calls: [{ name: 'search_knowledge', arguments: { query: 'How do I amend a commit?' } }],
      reason: expect.stringContaining('the project has knowledge to search') as unknown,
    });
  });

  it('answers a later round from the passages found, for the part of the message knowledge was searched for', async () => {
    const result = await local.respond(
      turn('Has order 48213 shipped? Also, what does --amend do?', {
        rounds: [
          {
            calls: [
              { id: 'k', name: 'search_knowledge', arguments: { query: 'what does --amend do?' } },
              { id: 'o', name: 'order_status', arguments: { order_id: '48213' } },
            ],
            results: [
              { callId: 'k', name: 'search_knowledge', content: '[1] git-commit.html', passages: [commitPage] },
              { callId: 'o', name: 'order_status', content: '{"status":"shipped"}' },
            ],
          },
        ],
      }),
    );
    expect(result).toMatchObject({
      kind: 'answer',
      text: 'From order_status: status: shipped. --amend: Replace the tip of the current branch by creating a new commit. (git-commit.html)',
    });
  });

  it('says how many of a message\'s look-ups were left out when it asked for more than a round makes', async () => {
    const orderStatus = {
      name: 'order_status', description: 'Look up the shipping status of a customer order by its order id.',
      parameters: { type: 'object', required: ['order_id'], properties: { order_id: { type: 'string', description: 'The order id, e.g. 48213' } } },
    };
    const ids = Array.from({ length: 12 }, (_, i) => String(48_200 + i));
    const message = ids.map((id) => `Where is order ${id}?`).join(' ');
    const tools = [KNOWLEDGE_TOOL, orderStatus];
    const first = await local.respond(turn(message, { tools }));
    expect(first.kind === 'tool_calls' && first.calls.map((c) => c.arguments.order_id)).toEqual(ids.slice(0, 9));
    const calls = first.kind === 'tool_calls' ? first.calls : [];
    const rounds = [{ calls, results: calls.map((c) => ({ callId: c.id, name: c.name, content: `{"order":"${String(c.arguments.order_id)}","status":"shipped"}` })) }];
    const answer = await local.respond(turn(message, { tools, rounds }));
    expect(answer.kind === 'answer' && answer.text).toMatch(/order: 48208\. status: shipped\. \(3 more requests of the message were not looked up: at most 9 are at once\.\)$/);
    // Nine asked, nine looked up: nothing left out is said.
    const nine = ids.slice(0, 9).map((id) => `Where is order ${id}?`).join(' ');
    const all = await local.respond(turn(nine, { tools, rounds }));
    expect(all.kind === 'answer' && all.text).not.toContain('not looked up');
  });

  it('quotes the sentence a quoted one points back at, so the name it stands for is said', () => {
    const warnings = passage(
      'library/warnings.html#4',
      'Testing Warnings',
      'To test warnings raised by code, use the catch_warnings context manager. With it you can temporarily mutate the warnings filter inside a block.',
    );
    // The sentence naming catch_warnings shares no word with the question; the one after it points back at it.
    const said = extractiveAnswer('how do I temporarily silence a deprecation notice inside one block?', [warnings]);
    expect(said).toContain('use the catch_warnings context manager. With it you can temporarily mutate');
    // A sentence that does not point back is quoted alone.
    const plain = passage('library/warnings.html#5', 'The filter is a list of entries. The filter can be temporarily changed inside a with block.');
    expect(extractiveAnswer('Can I change the filter temporarily inside a block?', [plain])).not.toContain('list of entries');
  });

  it('shows the code a quoted sentence points back at, with the sentence introducing it', () => {
    const fileinput = passage(
      'library/fileinput.html#0',
      'This module implements a helper class and functions to quickly write a loop over standard input or a list of files.',
      'The typical use is:',
      'import fileinput\nfor line in fileinput.input(encoding="utf-8"):\n    process(line)',
      'This iterates over the lines of all files listed in sys.argv[1:], defaulting to sys.stdin if the list is empty.',
    );
    // "This" is the loop above it: quoted without it, the answer never says what to call.
    const said = extractiveAnswer('How can my filter iterate over the lines of every file named on the command line, or stdin when none is given?', [fileinput]);
    expect(said).toContain('The typical use is:\n```\nfor line in fileinput.input(encoding="utf-8"):\n    process(line)\n```\nThis iterates over the lines');
    // A sentence that starts its paragraph without pointing back brings no code in.
    const plain = passage('library/fileinput.html#1', 'The typical use is:', 'for line in fileinput.input():\n    process(line)', 'Lines are read one at a time from every file listed in sys.argv[1:].');
    expect(extractiveAnswer('Are lines read one at a time from every file listed?', [plain])).not.toContain('fileinput.input');
  });

  it('quotes the sentence whose example says what was asked, with its line, over one that shares more words in prose', () => {
    const examples = passage(
      'library/tarfile.html#22',
      'How to read a gzip compressed tar archive and display some member information:',
      'import tarfile\ntar = tarfile.open("sample.tar.gz", "r:gz")\nfor tarinfo in tar:\n    print(tarinfo.name, "is", tarinfo.size, "bytes")\ntar.close()',
      'How to create an archive and reset the user information using the filter parameter in TarFile.add():',
      'import tarfile\ndef reset(tarinfo):\n    tarinfo.uid = tarinfo.gid = 0\n    tarinfo.uname = tarinfo.gname = "root"\n    return tarinfo\ntar = tarfile.open("sample.tar.gz", "w:gz")\ntar.add("foo", filter=reset)\ntar.close()',
    );
    // The second sentence's own words share less with the question than the first's (tar, archive,
    // member); its code says uid, gid and root. Its example ends with "return tarinfo", code too.
    // The best sentence alone (a limit of one quote) is the one the answer leads with.
    const said = extractiveAnswer("While building a tar archive I want every member's uid/gid reset to 0 and its owner name root. How do I change each member's info?", [examples], 1);
    expect(said).toBe('How to create an archive and reset the user information using the filter parameter in TarFile.add(): `tarinfo.uid = tarinfo.gid = 0` (library/tarfile.html)');
    expect(said).not.toContain('return tarinfo');
  });

  it('shows a command line, a pattern or a commented setting a sentence introduces, and quotes none of them as a sentence', () => {
    const rm = passage(
      'git-rm.html#4',
      'If all you really want to do is to remove from the index the files that are no longer present in the working tree (perhaps because your working tree is dirty so that you cannot use git commit -a), use the following command:',
      'git diff --name-only --diff-filter=D -z | xargs -0 git rm --cached',
    );
    const removed = extractiveAnswer('With git rm, how can I remove from the index only the files already deleted from the working tree?', [rm]);
    expect(removed).toContain('use the following command: `git diff --name-only --diff-filter=D -z | xargs -0 git rm --cached`');
    expect(removed.split('--diff-filter=D')).toHaveLength(2);
    const regex = passage(
      'howto/regex.html#42',
      'Excluding another filename extension is now easy; simply add it as an alternative inside the assertion. The following pattern excludes filenames that end in either bat or exe:',
      '.*[.](?!bat$|exe$)[^.]*$',
    );
    expect(extractiveAnswer('Which regex pattern excludes filenames ending in bat or exe?', [regex])).toContain('either bat or exe: `.*[.](?!bat$|exe$)[^.]*$`');
    const logging = passage(
      'runtime-config-logging.html#0',
      'You can also set this parameter to a list of desired log destinations separated by commas if you want the log messages on the multiple destinations.',
      "#for example to log on both syslog and stderr\nlog_destination = 'syslog,stderr'",
    );
    const both = extractiveAnswer('How do I send log messages to both syslog and stderr?', [logging]);
    expect(both).toContain("`log_destination = 'syslog,stderr'`");
    expect(both).not.toContain('#for');
  });

  it('shows a short example whole, as a block keeping its nesting, and a longer one by the line saying most of what was asked', () => {
    const compress = passage(
      'library/gzip.html#7',
      'Example of how to GZIP compress an existing file:',
      "import gzip\nimport shutil\nwith open('/home/joe/file.txt', 'rb') as f_in:\n    with gzip.open('/home/joe/file.txt.gz', 'wb') as f_out:\n        shutil.copyfileobj(f_in, f_out)",
    );
    // The line the question's words choose opens a block: alone it would not show the call that compresses.
    expect(extractiveAnswer('How do I gzip-compress an existing file?', [compress])).toBe(
      "Example of how to GZIP compress an existing file:\n```\nwith open('/home/joe/file.txt', 'rb') as f_in:\n    with gzip.open('/home/joe/file.txt.gz', 'wb') as f_out:\n        shutil.copyfileobj(f_in, f_out)\n```\n(library/gzip.html)",
    );
    const inMemory = passage(
      'library/gzip.html#8',
      'Example of how to compress bytes in memory:',
      "import gzip\ndata = gzip.compress(b'payload')\nprint(len(data))\nprint(data[:2])\nprint(gzip.decompress(data))\nprint('done')",
    );
    expect(extractiveAnswer('How do I compress bytes in memory with gzip.compress?', [inMemory])).toBe(
      "Example of how to compress bytes in memory: `data = gzip.compress(b'payload')` (library/gzip.html)",
    );
  });

  it('marks the code an example shown whole leaves out, a line too long or the lines past its first few', () => {
    const long = `payload = ${JSON.stringify('x'.repeat(170))}`;
    const post = passage('library/urllib.request.html#9', 'Example of how to post a form:', `req = Request(url)\n${long}\nresp = urlopen(req, data=payload)`);
    expect(extractiveAnswer('How do I post a form with urlopen?', [post])).toBe(
      'Example of how to post a form:\n```\nreq = Request(url)\n…\nresp = urlopen(req, data=payload)\n```\n(library/urllib.request.html)',
    );
    const commented = ['# build the request', 'req = Request(url)', '# send it', '# (the data is bytes)', '# and read', '# the answer', '# back', 'resp = urlopen(req)', 'body = resp.read()'];
    const fetch = passage('library/urllib.request.html#10', 'Example of how to fetch a page:', commented.join('\n'));
    expect(extractiveAnswer('How do I fetch a page with urlopen?', [fetch])).toBe(
      'Example of how to fetch a page:\n```\nreq = Request(url)\nresp = urlopen(req)\n…\n```\n(library/urllib.request.html)',
    );
  });

  it('shows a line of a long example that opens a block with what is nested under it, one step in', () => {
    const walk = passage(
      'library/os.html#40',
      'This example displays the number of bytes taken by files in each directory under the starting directory:',
      "import os\nfrom os.path import join, getsize\ntop = 'python/Lib/email'\nprint('walking', top)\nfor root, dirs, files in os.walk(top):\n    print(root, sum(getsize(join(root, name)) for name in files))\nprint('done')",
    );
    expect(extractiveAnswer('How do I walk a directory tree with os.walk and sum the bytes of its files?', [walk])).toContain(
      "under the starting directory:\n```\nfor root, dirs, files in os.walk(top):\n    print(root, sum(getsize(join(root, name)) for name in files))\n```\n(library/os.html)",
    );
    // A method's paragraph starts at its def, its body as deep as it was inside the class.
    const descriptor = passage(
      'library/dataclasses.html#9',
      'The descriptor learns the name of the field it is assigned to:',
      'def __set_name__(self, owner, name):\n        self._name = "_" + name',
    );
    expect(extractiveAnswer('How does the descriptor learn the name of its field?', [descriptor])).toContain(
      'def __set_name__(self, owner, name):\n    self._name = "_" + name\n```',
    );
  });

  it("reads a block quote's paragraphs as the ones it quotes: a sentence with the code under it, a term over all of them, no quote mark", () => {
    const note = passage(
      'pgpool-adm-pcp-node-info.html#3',
      '> Note: pg_status, pg_role out parameters are new from Pgpool-II 4.3. If you have already installed pre-4.2 pgpool_adm extension, you can upgrade to the new one by using ALTER EXTENSION SQL command.\n>\n>      ALTER EXTENSION pgpool_adm UPDATE;',
    );
    const upgraded = extractiveAnswer('After upgrading, how do I get the new out parameters of the pgpool_adm extension?', [note]);
    expect(upgraded).toContain('by using ALTER EXTENSION SQL command. `ALTER EXTENSION pgpool_adm UPDATE;`');
    expect(upgraded).not.toContain('>');
    // A definition set as a quote of several paragraphs is its term's throughout, though its first is a phrase.
    const features = passage(
      'different.html#1',
      'Zero-Configuration',
      '> SQLite does not need to be "installed" before it is used.',
      'Serverless',
      '> (See also the serverless documentation page.)\n>\n> Most SQL database engines are implemented as a separate server process. Programs talk to the server over TCP/IP.',
    );
    expect(extractiveAnswer('Do programs talk to a separate server process over TCP/IP?', [features])).toBe('Serverless: Programs talk to the server over TCP/IP. (different.html)');
  });

  it('reads an SQL statement set over several lines as code: its lines are shown with the sentence introducing it, never quoted', () => {
    const upsert = passage(
      'lang_upsert.html#3',
      'Some examples will help illustrate how UPSERT works:',
      "> CREATE TABLE vocabulary(word TEXT PRIMARY KEY, count INT DEFAULT 1);\n> INSERT INTO vocabulary(word) VALUES('jovial')\n>   ON CONFLICT(word) DO UPDATE SET count=count+1;",
      'The upsert above inserts the new vocabulary word "jovial" if that word is not already in the dictionary, or if it is already in the dictionary, it increments the counter.',
    );
    const said = extractiveAnswer('How does an UPSERT bump the count of a word when the new one conflicts with one already stored?', [upsert]);
    expect(said).toContain(
      "how UPSERT works:\n```\nCREATE TABLE vocabulary(word TEXT PRIMARY KEY, count INT DEFAULT 1);\nINSERT INTO vocabulary(word) VALUES('jovial')\n  ON CONFLICT(word) DO UPDATE SET count=count+1;\n```",
    );
    // Its first lines are no sentences of the page's.
    expect(said).not.toContain("VALUES('jovial') ON CONFLICT");
    expect(said).not.toMatch(/\) INSERT INTO|^INSERT INTO/);
  });

  it('answers a part that asks only why with the sentence giving the reason', () => {
    const restriction = passage(
      'tutorial-watchdog-restrictions.html#0',
      'In query mode, when all the DB nodes are detached from a Pgpool-II due to PostgreSQL server failure or pcp_detach_node issued, watchdog regards that the Pgpool-II service is in the down status and brings the virtual IP assigned to watchdog down. Thus clients of Pgpool-II cannot connect to Pgpool-II using the virtual IP any more. This is necessary to avoid split-brain, that is, situations where there are multiple active Pgpool-II.',
    );
    const lifecheck = passage(
      'runtime-watchdog-config.html#20',
      'Pgpool-II watchdog provides three built-in methods of remote node health checking, "heartbeat", "query" and "external" mode.',
      'While in "query" mode, the lifecheck process uses the PostgreSQL libpq interface for querying the remote Pgpool-II.',
      'When set to on, watchdog clears all the query cache in the shared memory when Pgpool-II escalates to active.',
    );
    const question = 'With the watchdog in query mode lifecheck, what happens to the virtual IP when all DB nodes are detached from Pgpool-II, and why?';
    expect(extractiveAnswer(question, [restriction, lifecheck], 2)).toContain('necessary to avoid split-brain');
  });

  it('quotes no entry of a contents list, no item number run onto the line before, and no word alone', () => {
    const page = passage(
      'fts5.html',
      'Small. Fast. Reliable.\nChoose any three.',
      'SQLite FTS5 Extension\n► Table Of Contents\n1. Overview of FTS5\n2. Compiling and Using FTS5\n2.1. Building FTS5 as part of SQLite\n3. Full-text Query Syntax\n4. FTS5 Table Creation and Initialization',
      'Temporary files go to the first of these directories that exists:\n1. the directory named by SQLITE_TMPDIR\n2. /var/tmp\n3. /usr/tmp',
    );
    const said = extractiveAnswer('Is FTS5 fast? What is the syntax of a full-text query? Which directory do temporary files go to: SQLITE_TMPDIR, /var/tmp or /usr/tmp?', [page]);
    expect(said).not.toMatch(/Syntax 4\.|FTS5 2\.|Contents 1\.|tmp 3\.|SQLITE_TMPDIR 2\./);
    expect(said).not.toMatch(/(?:^|\) )Fast\./);
    expect(said).toContain('SQLITE_TMPDIR');
  });
});
