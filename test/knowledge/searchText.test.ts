// Words joined by a slash ("failed/dead", "read/write") and the parts of a dotted name
// (`push.default`) are words a question can meet: PostgreSQL's parser alone reads each as one file
// or host name. Through both BM25 paths (SQL and the in-memory index) and the router's statistics,
// on the suite's real PostgreSQL; and the migration that recomputes chunks written before it, on a
// database of its own.
import { join } from 'node:path';
import pg from 'pg';
import { DIST_DIR } from '../../infra/paths.js';
import { LexicalIndex } from '../../knowledge/lexicalIndex/index.js';
import { bm25Search } from '../../knowledge/lexical.js';
import { FUSION_DEFAULTS } from '../../knowledge/retrieve.js';
import { replaceChunks } from '../../store/chunks.js';
import { createDocument } from '../../store/documents.js';
import { migrate } from '../../store/migrate.js';
import { createProject } from '../../store/projects.js';
import { stemStats } from '../../store/bm25.js';
import { termStats } from '../../store/termStats.js';
import { LONGEST_WORD } from '../../text/longRuns.js';
import { closeDb, db, stackInfo } from '../stack/context.js';

afterAll(closeDb);

const PARAMS = { k1: FUSION_DEFAULTS.k1, b: FUSION_DEFAULTS.b, commonShare: FUSION_DEFAULTS.commonShare };
const WATCHDOG = 'A remote node that sends no heartbeat within this time is marked as failed/dead.';
const LOGS = 'The log is written to /usr/local/var/log and conf/pgpool.conf is read at start. Heavy I/O slows it.';
const PUSH = 'Set push.default to simple. See https://git-scm.com/docs/git-config, version 2.39.5, e.g. ask git@example.com.';
const PUSHING = 'Pushing: the default is to push every branch, and simple is safer.';

async function project(): Promise<{ id: string; docs: Map<string, string> }> {
  const pool = db();
  const { id } = await createProject(pool, 'search text');
  const docs = new Map<string, string>();
  for (const [name, text] of [['watchdog.md', WATCHDOG], ['logs.md', LOGS], ['push.md', PUSH], ['pushing.md', PUSHING]] as const) {
    const doc = await createDocument(pool, { projectId: id, name, kind: 'text', sourceUrl: null, content: null, contentHash: null });
    await replaceChunks(pool, id, doc.id, [{ index: 0, text, headings: [], tokenCount: text.split(' ').length }]);
    docs.set(doc.id, name);
  }
  return { id, docs };
}

test('a word joined to another by a slash is found by a question that says it alone, through both BM25 paths', async () => {
  const { id, docs } = await project();
  const question = [{ text: 'Which servers count as dead?', weight: 1 }];
  const index = new LexicalIndex({ sql: db() });
  for (const hits of [await bm25Search(db(), id, question, 5, PARAMS), await index.search(id, question, 5, PARAMS)]) {
    expect(hits.map((h) => docs.get(h.documentId))).toEqual(['watchdog.md']);
  }
  // The joined form is a word too, as a hyphenated one is: the same spelling in a question finds it.
  const joined = await bm25Search(db(), id, [{ text: 'failed/dead', weight: 1 }], 5, PARAMS);
  expect(joined.map((h) => docs.get(h.documentId))).toEqual(['watchdog.md']);
  // The router's coverage counts the chunk that holds "dead".
  expect((await termStats(db(), id, ['dead'])).frequency.get('dead')).toBe(1);
});

test("a dotted name's parts are words of the chunk, and a question that gives the name looks for it whole", async () => {
  const { id, docs } = await project();
  const index = new LexicalIndex({ sql: db() });
  const everyday = [{ text: 'What is the default for push?', weight: 1 }];
  const named = [{ text: 'push.default', weight: 1 }];
  for (const search of [(q: typeof named) => bm25Search(db(), id, q, 5, PARAMS), (q: typeof named) => index.search(id, q, 5, PARAMS)]) {
    // Both chunks say "push" and "default" now; the name's did only as `push.default`.
    expect((await search(everyday)).map((h) => docs.get(h.documentId)).sort()).toEqual(['push.md', 'pushing.md']);
    expect((await search(named)).map((h) => docs.get(h.documentId))).toEqual(['push.md']);
  }
  // Given whole, the name is searched for whole: not for every chunk that says its words apart.
  expect((await stemStats(db(), id, named)).stems.map((s) => s.lexeme)).toEqual(['push.default']);
  const { rows } = await db().query<{ lexemes: string[] }>(`SELECT tsvector_to_array(tsv) AS lexemes FROM chunks WHERE project_id = $1 AND text LIKE 'Set push%'`, [id]);
  expect(rows[0]!.lexemes).toEqual(expect.arrayContaining(['push.default', 'push', 'default', 'git-scm.com', '2.39.5', 'git@example.com']));
  // An address, a version, "e.g." and an e-mail address give no parts.
  for (const part of ['scm', 'com', '39', 'eg', 'example']) expect(rows[0]!.lexemes).not.toContain(part);
});

test('a question with a run of thousands of characters and no space is read in pieces, through both BM25 paths', async () => {
  const { id, docs } = await project();
  // What PostgreSQL is asked to parse: its parser took 4 s over 30,000 characters of "a_b".
  const parsed: string[] = [];
  const recording = <T extends { query: (...args: never[]) => unknown }>(client: T): T =>
    new Proxy(client, {
      get: (target, key) =>
        key === 'query'
          ? (text: string, params?: unknown[]) => {
              for (const p of params ?? []) parsed.push(...(Array.isArray(p) ? p : [p]).filter((x): x is string => typeof x === 'string'));
              return (target.query as (text: string, params?: unknown[]) => unknown).call(target, text, params);
            }
          : Reflect.get(target, key),
    });
  const question = [{ text: `Which servers count as dead? ${'a_b'.repeat(10_000)}`, weight: 1 }];
  const index = new LexicalIndex({ sql: recording(db()) });
  for (const hits of [await bm25Search(recording(db()), id, question, 5, PARAMS), await bm25Search(db(), id, question, 5, PARAMS, index)]) {
    expect(hits.map((h) => docs.get(h.documentId))).toEqual(['watchdog.md']);
  }
  const longest = Math.max(...parsed.flatMap((text) => (text.match(/\S+/gu) ?? []).map((run) => [...run].length)));
  expect(longest).toBeLessThanOrEqual(LONGEST_WORD);
  expect(parsed.some((text) => text.includes('a_b'))).toBe(true);
});

test('paths, file names and a single letter keep their slash', async () => {
  const { id } = await project();
  const { rows } = await db().query<{ lexemes: string[] }>(`SELECT tsvector_to_array(tsv) AS lexemes FROM chunks WHERE project_id = $1 AND text LIKE 'The log%'`, [id]);
  expect(rows[0]!.lexemes).toEqual(expect.arrayContaining(['/usr/local/var/log', 'conf/pgpool.conf', 'i/o']));
  expect(rows[0]!.lexemes).not.toEqual(expect.arrayContaining(['usr']));
  expect(rows[0]!.lexemes).not.toEqual(expect.arrayContaining(['o']));
});

describe('the migration, on a database of its own', () => {
  const database = `askflow_search_text_${process.pid}`;
  let admin: pg.Client;
  let client: pg.Client;
  const url = new URL(stackInfo().databaseUrl);
  url.pathname = `/${database}`;
  // The compiled migrations, as the api and worker apply them.
  const migrations = (direction: 'up' | 'down', count: number) => migrate(url.toString(), undefined, { direction, count, dir: join(DIST_DIR, 'store', 'migrations') });

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: stackInfo().databaseUrl });
    // An idle connection the server cuts (57P01, "terminating connection due to administrator
    // command", seen once under the whole suite's load) is not what this tests; a query running
    // on a cut connection still fails the test.
    admin.on('error', () => undefined);
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await migrations('up', Infinity);
    await migrations('down', 1);
    client = new pg.Client({ connectionString: url.toString() });
    client.on('error', () => undefined);
    await client.connect();
  });

  afterAll(async () => {
    await client?.end();
    await admin?.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin?.end();
  });

  const facts = async () => {
    const { rows } = await client.query<{ lexemes: string[]; df: number | null; version: string }>(
      `SELECT tsvector_to_array(c.tsv) AS lexemes, (SELECT df FROM chunk_terms WHERE lexeme = 'dead') AS df,
              (SELECT version FROM lexical_index_versions) AS version
         FROM chunks c`,
    );
    return rows[0]!;
  };

  test('recomputes the chunks written before it, their stems\' counts and the lexical version; down restores them', async () => {
    const { rows } = await client.query<{ id: string }>(`INSERT INTO projects (name) VALUES ('p') RETURNING id`);
    const projectId = rows[0]!.id;
    const doc = await client.query<{ id: string }>(`INSERT INTO documents (project_id, name, kind) VALUES ($1, 'w.md', 'text') RETURNING id`, [projectId]);
    await client.query(`INSERT INTO chunks (document_id, project_id, chunk_index, text, token_count) VALUES ($1, $2, 0, $3, 16)`, [doc.rows[0]!.id, projectId, WATCHDOG]);
    const before = await facts();
    expect(before.lexemes).toContain('failed/dead');
    expect(before.df).toBeNull();

    await migrations('up', Infinity);
    const after = await facts();
    expect(after.lexemes).toEqual(expect.arrayContaining(['failed-dead', 'fail', 'dead']));
    expect(after.df).toBe(1);
    expect(Number(after.version)).toBe(Number(before.version) + 1);

    await migrations('down', 1);
    const again = await facts();
    expect(again.lexemes).toEqual(before.lexemes);
    expect(again.df).toBeNull();
  });
});
