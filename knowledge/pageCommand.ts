// The command a reference page documents, as a user types it. A manual page is named with its
// words joined ("git-show(1)") but its synopsis types them apart ("git show [<options>]"), and an
// answer quoting "For commits it shows the log message and textual diff." from its description
// says what to run only if it names the command as typed.

/** A synopsis's words that can be a command's name: no option, placeholder, bracket or quote. */
const NAME_WORD = /^[\p{L}\p{N}][\p{L}\p{N}_.-]*$/u;

/** Letters and digits only, in lower case: "git-show(1)" and "git show" spell alike. */
const spelled = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * The command the page titled `title` documents, from its synopsis: the first words of a synopsis
 * line that spell the title's name ("git-show(1)" → "git show"), null when none does (a page on a
 * file, "gitignore(5)", or one whose synopsis starts otherwise, "CREATE [ TEMP ] TABLE").
 */
export function pageCommand(title: string | null, synopsis: string): string | null {
  const name = spelled((title ?? '').replace(/\(.*$/, ''));
  if (!name) return null;
  for (const line of synopsis.split('\n').slice(0, 5)) {
    const words: string[] = [];
    for (const word of line.trim().split(/\s+/)) {
      if (!NAME_WORD.test(word)) break;
      words.push(word);
      const said = spelled(words.join(''));
      if (said === name) return words.join(' ');
      if (!name.startsWith(said)) break;
    }
  }
  return null;
}
