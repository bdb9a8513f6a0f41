// The labelled retrieval set over the Git manual (eval/corpus.ts). Each question names the
// page(s) that answer it (any of them counts as found) and the key term a right answer
// contains: the option, setting or command the asker needs. `lexical` questions share that
// term with the page; `paraphrase` questions do not, and are worded as a user who does not
// know the term would ask. Questions alternate between the tuning half and the held-out half
// (see `split`): tune on the first, report both.
import { halves, type Split } from './halves.js';

export interface RetrievalQuestion {
  q: string;
  /** Pages (eval/corpus.ts names) that answer the question; the first is the main one. */
  pages: string[];
  /** Must appear in a right answer (compared case-insensitively). */
  term: string;
  kind: 'lexical' | 'paraphrase';
}

export type LabelledQuestion = RetrievalQuestion & { split: Split };

/** A labelled set from its lexical and its paraphrased questions, each list alternating between the tuning and held-out halves. */
export function labelledQuestions(lexical: Omit<RetrievalQuestion, 'kind'>[], paraphrase: Omit<RetrievalQuestion, 'kind'>[]): LabelledQuestion[] {
  return [...halves(lexical.map((x) => ({ ...x, kind: 'lexical' as const }))), ...halves(paraphrase.map((x) => ({ ...x, kind: 'paraphrase' as const })))];
}

const LEXICAL: Omit<RetrievalQuestion, 'kind'>[] = [
  { q: 'What does the --amend option of git commit do?', pages: ['git-commit'], term: '--amend' },
  { q: 'What does git push --force-with-lease do?', pages: ['git-push'], term: '--force-with-lease' },
  { q: 'How is git stash pop different from git stash apply?', pages: ['git-stash'], term: 'pop' },
  { q: 'What is the core.autocrlf setting for?', pages: ['git-config', 'gitattributes'], term: 'core.autocrlf' },
  { q: 'How does git bisect run work?', pages: ['git-bisect'], term: 'bisect run' },
  { q: 'What does the --dry-run option of git clean do?', pages: ['git-clean'], term: '--dry-run' },
  { q: 'How do I use git worktree add?', pages: ['git-worktree'], term: 'worktree add' },
  { q: 'When does the pre-commit hook run?', pages: ['githooks'], term: 'pre-commit' },
  { q: 'What can I do with git rebase --interactive?', pages: ['git-rebase'], term: '--interactive' },
  { q: 'What does git reset --hard do to my working tree?', pages: ['git-reset'], term: '--hard' },
  { q: 'What does git cherry-pick -x add to the commit message?', pages: ['git-cherry-pick'], term: 'cherry picked from commit' },
  { q: 'What values can merge.conflictStyle take?', pages: ['git-config', 'git-merge'], term: 'conflictStyle' },
  { q: 'How does git sparse-checkout set choose directories?', pages: ['git-sparse-checkout'], term: 'sparse-checkout set' },
  { q: 'What does git log --oneline print?', pages: ['git-log'], term: '--oneline' },
  { q: 'What is an annotated tag in git tag?', pages: ['git-tag'], term: 'annotated' },
  { q: 'What does the --ignore-rev option of git blame do?', pages: ['git-blame'], term: '--ignore-rev' },
  { q: 'What does the push.default setting control?', pages: ['git-config', 'git-push'], term: 'push.default' },
  { q: 'What does git fetch --prune remove?', pages: ['git-fetch'], term: '--prune' },
  { q: 'What does git gc --aggressive do?', pages: ['git-gc'], term: '--aggressive' },
  { q: 'What does git describe --tags consider?', pages: ['git-describe'], term: '--tags' },
  { q: 'What does the export-ignore attribute do?', pages: ['gitattributes', 'git-archive'], term: 'export-ignore' },
  { q: 'What does git submodule update --init do?', pages: ['git-submodule'], term: '--init' },
  { q: 'What does git merge --squash do?', pages: ['git-merge'], term: '--squash' },
  { q: 'What is git rerere for?', pages: ['git-rerere'], term: 'rerere' },
  { q: 'What does git pull --rebase do?', pages: ['git-pull'], term: '--rebase' },
  { q: 'How do I configure credential.helper?', pages: ['gitcredentials', 'git-config'], term: 'credential.helper' },
  { q: 'What does git reflog expire do?', pages: ['git-reflog'], term: 'expire' },
  { q: 'What does git switch --detach do?', pages: ['git-switch'], term: '--detach' },
  { q: 'What does git restore --staged do?', pages: ['git-restore'], term: '--staged' },
  { q: 'What is the core.excludesFile setting?', pages: ['git-config', 'gitignore'], term: 'core.excludesFile' },
  { q: 'What does git format-patch --cover-letter produce?', pages: ['git-format-patch'], term: '--cover-letter' },
  { q: 'What does git diff --cached compare?', pages: ['git-diff'], term: '--cached' },
  { q: 'What does the @{upstream} suffix mean in a revision?', pages: ['gitrevisions', 'git-rev-parse'], term: '@{upstream}' },
];

const PARAPHRASE: Omit<RetrievalQuestion, 'kind'>[] = [
  { q: 'How can I fix the message of the last thing I committed?', pages: ['git-commit'], term: '--amend' },
  { q: 'How do I overwrite the remote branch, but only if nobody else pushed to it in the meantime?', pages: ['git-push'], term: '--force-with-lease' },
  { q: 'How do I put my unfinished edits aside for a while and get them back later?', pages: ['git-stash'], term: 'stash' },
  { q: 'How do I stop Windows line endings from ending up in the repository?', pages: ['git-config', 'gitattributes'], term: 'autocrlf' },
  { q: 'How can I find which change introduced a bug by binary searching through history?', pages: ['git-bisect'], term: 'bisect' },
  { q: 'How do I delete the files nobody is tracking from my working directory?', pages: ['git-clean'], term: 'clean' },
  { q: 'Can I have two branches checked out at the same time in different folders?', pages: ['git-worktree'], term: 'worktree' },
  { q: 'How can I run a script automatically just before each commit is recorded?', pages: ['githooks'], term: 'pre-commit' },
  { q: 'How do I combine several of my recent commits into one before sharing them?', pages: ['git-rebase'], term: 'squash' },
  { q: 'How do I move my branch back to an older commit and throw away everything after it, files included?', pages: ['git-reset'], term: '--hard' },
  { q: 'How do I copy one particular commit from another branch onto mine?', pages: ['git-cherry-pick'], term: 'cherry-pick' },
  { q: 'How can conflict markers show the common ancestor text as well as both sides?', pages: ['git-config', 'git-merge'], term: 'diff3' },
  { q: 'How can I get only a few directories of a huge repository into my working copy?', pages: ['git-sparse-checkout'], term: 'sparse-checkout' },
  { q: 'How do I print the history with just one short line per commit?', pages: ['git-log'], term: '--oneline' },
  { q: 'How do I make a release label that records who made it, when, and a message?', pages: ['git-tag'], term: 'annotated' },
  { q: 'How do I find out who last changed each line of a file?', pages: ['git-blame'], term: 'blame' },
  { q: 'Which branch does a plain push send to when I do not name one?', pages: ['git-config', 'git-push'], term: 'push.default' },
  { q: 'How do I get rid of local references to branches that were deleted on the server?', pages: ['git-fetch', 'git-remote'], term: 'prune' },
  { q: 'How can I shrink my repository by compressing old objects and removing garbage?', pages: ['git-gc'], term: 'gc' },
  { q: 'How can I name a commit relative to the nearest tag before it?', pages: ['git-describe'], term: 'describe' },
  { q: 'How can I keep some files out of the tarball that git archive produces?', pages: ['gitattributes', 'git-archive'], term: 'export-ignore' },
  { q: 'After cloning, how do I fetch the nested repositories the project depends on?', pages: ['git-submodule', 'git-clone'], term: 'submodule' },
  { q: 'How do I bring a whole branch in as one single commit, without recording a merge?', pages: ['git-merge'], term: '--squash' },
  { q: 'Can git remember how I resolved a conflict and do the same next time?', pages: ['git-rerere'], term: 'rerere' },
  { q: 'How do I replay my local commits on top of upstream when I update from the remote?', pages: ['git-pull'], term: '--rebase' },
  { q: 'How do I make git remember my password so it stops asking every time?', pages: ['gitcredentials', 'git-credential-cache', 'git-credential-store'], term: 'credential' },
  { q: 'How do I get back a commit I lost after resetting my branch?', pages: ['git-reflog'], term: 'reflog' },
  { q: 'How do I look at an old commit without being on any branch?', pages: ['git-switch', 'git-checkout'], term: 'detach' },
  { q: 'How do I take a file back out of the next commit but keep my edits to it?', pages: ['git-restore', 'git-reset'], term: '--staged' },
  { q: 'Where can I put ignore patterns that apply to all of my repositories?', pages: ['git-config', 'gitignore'], term: 'excludesFile' },
  { q: 'How do I generate an introductory email that goes before a series of patches?', pages: ['git-format-patch'], term: '--cover-letter' },
  { q: 'How do I see what I have added for the next commit compared with the last one?', pages: ['git-diff'], term: '--cached' },
  { q: 'How do I refer to the remote branch that my current branch follows?', pages: ['gitrevisions', 'git-rev-parse'], term: '@{upstream}' },
];

export const RETRIEVAL_SET = labelledQuestions(LEXICAL, PARAPHRASE);
