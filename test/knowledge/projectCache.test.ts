// The per-project cache behind the exact vector index and the in-memory BM25 index: what a query
// gets must be the project as of the version it read, however loads and writes interleave.
import { ProjectCache } from '../../knowledge/projectCache.js';

interface Entry {
  label: string;
  bytes: number;
}

/** A load the test finishes when it likes. */
function deferred(value: Entry) {
  let finish!: () => void;
  const done = new Promise<Entry>((resolve) => (finish = () => resolve(value)));
  return { load: () => done, finish };
}

describe('the per-project cache', () => {
  it('reads a project once for concurrent queries at one version, and again at a new version', async () => {
    const cache = new ProjectCache<Entry>(1_000);
    let loads = 0;
    const load = (label: string) => async () => {
      loads++;
      return { label, bytes: 10 };
    };
    const first = await Promise.all([cache.at('p', '1', load('v1')), cache.at('p', '1', load('v1 again')), cache.at('p', '1', load('v1 again'))]);
    expect(first.map((e) => e.label)).toEqual(['v1', 'v1', 'v1']);
    expect(loads).toBe(1);
    expect((await cache.at('p', '1', load('unused'))).label).toBe('v1');
    expect((await cache.at('p', '2', load('v2'))).label).toBe('v2');
    expect(loads).toBe(2);
  });

  it('keeps a newer version when a slower load of an older one finishes after it', async () => {
    const cache = new ProjectCache<Entry>(1_000);
    const old = deferred({ label: 'v1', bytes: 10 });
    const oldQuery = cache.at('p', '1', old.load);
    expect((await cache.at('p', '2', async () => ({ label: 'v2', bytes: 10 }))).label).toBe('v2');
    old.finish();
    expect((await oldQuery).label).toBe('v1'); // the query that asked for version 1 gets it…
    expect((await cache.at('p', '2', async () => ({ label: 'reloaded', bytes: 10 }))).label).toBe('v2'); // …but v2 stays cached
  });

  it('drops the least recently used projects past its budget, never the one just loaded', async () => {
    const cache = new ProjectCache<Entry>(100);
    const entry = (label: string, bytes: number) => async () => ({ label, bytes });
    await cache.at('a', '1', entry('a', 40));
    await cache.at('b', '1', entry('b', 40));
    await cache.at('a', '1', entry('a reloaded', 40)); // a is now the most recently used
    await cache.at('c', '1', entry('c', 40)); // over budget: b goes
    expect(cache.bytes()).toBe(80);
    expect((await cache.at('a', '1', entry('a reloaded', 40))).label).toBe('a');
    expect((await cache.at('b', '1', entry('b reloaded', 40))).label).toBe('b reloaded');
    // One project larger than the whole budget is still kept for its own queries.
    await cache.at('huge', '1', entry('huge', 500));
    expect(cache.bytes()).toBe(500);
    expect((await cache.at('huge', '1', entry('huge reloaded', 500))).label).toBe('huge');
  });
});
