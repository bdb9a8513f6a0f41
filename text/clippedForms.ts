// Words people clip when they ask ("db", "app", "repo", "config") and the full words manuals
// write: "Where can I stash my app's schema version inside the db file?" asks a manual that says
// "application" and "database". The offline router counts a clipped word as present in the
// knowledge when its full word is (coverage.ts). Retrieval does not search for the full word:
// over the sixteen retrieval sets that cost MRR 0.650 → 0.648 and one key term ("app" found
// SQLite's page on application file formats). Only clippings with one reading in questions about
// software; "min" (minimum or minute), "sec" and "sync" are left out. Written from general usage,
// not from any corpus or labelled set.

// prettier-ignore
const CLIPPED: Readonly<Record<string, string>> = {
  app: 'application', apps: 'applications',
  db: 'database', dbs: 'databases',
  repo: 'repository', repos: 'repositories',
  config: 'configuration', configs: 'configurations',
  dir: 'directory', dirs: 'directories',
  info: 'information',
  docs: 'documentation',
  env: 'environment',
  admin: 'administrator', admins: 'administrators',
  stats: 'statistics',
  param: 'parameter', params: 'parameters',
  arg: 'argument', args: 'arguments',
  perms: 'permissions',
  msg: 'message', msgs: 'messages',
  mem: 'memory',
  prod: 'production',
};

/** The full word for a clipped one ("db" → "database"), or null. */
export function fullForm(word: string): string | null {
  return Object.hasOwn(CLIPPED, word) ? CLIPPED[word]! : null;
}
