// The evaluation corpus: 100 pages of Git's HTML manual as Debian ships it in `git-doc`
// (GPL-2, © Linus Torvalds and others; see /usr/share/doc/git-doc/copyright). It is installed
// from the Debian archive rather than copied into this repository, so nothing of it is
// redistributed here. PostgreSQL's documentation is deliberately not used: it is kept for a
// hidden judging set.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const CORPUS_DIR = '/usr/share/doc/git-doc';
export const CORPUS_PACKAGE = 'git-doc';

/** The pages, without `.html`: the user-facing commands and the guides (no internals, no release notes). */
// prettier-ignore
export const PAGES: readonly string[] = [
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

function say(message: string): void {
  console.log(`[eval] ${message}`);
}

/**
 * Makes sure the manual is on this machine: installs `git-doc` with apt-get when missing (as
 * `npm test` does for chromium), or says how to when that is not possible.
 */
export function ensureCorpus(): void {
  if (PAGES.every((p) => existsSync(pagePath(p)))) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    throw new Error(`The evaluation corpus is Debian's ${CORPUS_PACKAGE}; install it (sudo apt-get install -y ${CORPUS_PACKAGE}) and run npm run eval again.`);
  }
  say(`installing ${CORPUS_PACKAGE} (apt-get) for the evaluation corpus…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => spawnSync('apt-get', ['install', '-y', '--no-install-recommends', CORPUS_PACKAGE], { stdio: 'inherit', env }).status === 0;
  // A fresh machine's package lists are often empty or stale: refresh them once and retry.
  if (!install() && (spawnSync('apt-get', ['update'], { stdio: 'inherit', env }).status !== 0 || !install())) {
    throw new Error(`apt-get install ${CORPUS_PACKAGE} failed; install it yourself and run npm run eval again.`);
  }
  const missing = PAGES.filter((p) => !existsSync(pagePath(p)));
  if (missing.length) throw new Error(`${CORPUS_PACKAGE} is installed but lacks ${missing.join(', ')} (a dpkg path-exclude for /usr/share/doc?)`);
}

export function pagePath(page: string): string {
  return join(CORPUS_DIR, `${page}.html`);
}

export function readPage(page: string): string {
  return readFileSync(pagePath(page), 'utf8');
}
