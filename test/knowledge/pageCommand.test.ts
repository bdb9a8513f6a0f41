// The command a reference page documents, as its synopsis types it.
import { pageCommand } from '../../knowledge/pageCommand.js';

describe('pageCommand', () => {
  it("reads the command a manual page is named for as its synopsis types it", () => {
    expect(pageCommand('git-show(1)', 'git show [<options>] [<object>…]')).toBe('git show');
    expect(pageCommand('git-notes(1)', 'git notes [list [<object>]]\ngit notes add [-f] [<object>]')).toBe('git notes');
    expect(pageCommand('pg_dump', 'pg_dump — extract a PostgreSQL database into a script file\n\npg_dump [connection-option...] [option...] [dbname]')).toBe('pg_dump');
    expect(pageCommand('SHOW POOL NODES', 'SHOW POOL_NODES')).toBe('SHOW POOL_NODES');
  });

  it('finds none where no synopsis line starts with the words of the page\'s name', () => {
    // A page on files, a helper set through another command, a statement whose synopsis spells its options first.
    expect(pageCommand('gitignore(5)', '$XDG_CONFIG_HOME/git/ignore, $GIT_DIR/info/exclude, .gitignore')).toBeNull();
    expect(pageCommand('git-credential-cache(1)', "git config credential.helper 'cache [<options>]'")).toBeNull();
    expect(pageCommand('CREATE TABLE', 'CREATE [ [ GLOBAL | LOCAL ] { TEMPORARY | TEMP } | UNLOGGED ] TABLE [ IF NOT EXISTS ] table_name')).toBeNull();
    expect(pageCommand(null, 'git show [<options>]')).toBeNull();
  });
});
