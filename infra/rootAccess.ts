import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * When the launcher runs as root, PostgreSQL runs as the `postgres` user, which must be able to
 * walk down to its data directory. A clone under a private folder (e.g. `mktemp -d`, mode 700)
 * would stop it there, so each ancestor gets the search bit for others (not the read bit: the
 * folders' contents stay unlisted).
 */
export function ensureTraversable(dir: string, log: (m: string) => void): void {
  mkdirSync(dirname(dir), { recursive: true });
  for (let d = dirname(dir); ; d = dirname(d)) {
    const mode = statSync(d).mode;
    if ((mode & 0o001) === 0) {
      chmodSync(d, mode | 0o001);
      log(`granted search permission on ${d} so the postgres user can reach its data directory`);
    }
    if (dirname(d) === d) break;
  }
}
