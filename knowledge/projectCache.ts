// A process's cache of what it read about each project (the vector matrices, the BM25 postings),
// each entry labelled with the project's version it was read at. Callers read the current version
// from PostgreSQL on every query (one indexed row, bumped by every write in the writing statement)
// and ask for the entry at that version: a write through any process is seen by the next query.

/** Anything cached per project says roughly how much memory it takes. */
export interface Sized {
  bytes: number;
}

/**
 * Least recently used projects go first once the entries together pass `maxBytes`; the entry
 * just loaded stays even if it alone is over budget (its query needs it). Concurrent queries of a
 * project that is not cached at their version share one load.
 */
export class ProjectCache<T extends Sized> {
  /** In least-recently-used order (a Map iterates in insertion order; a hit re-inserts). */
  private readonly entries = new Map<string, { version: string; value: T }>();
  private readonly loading = new Map<string, { version: string; done: Promise<T> }>();

  constructor(private readonly maxBytes: number) {}

  /** The project's entry at `version`: cached, joined while another query loads it, or loaded by `load` and kept. */
  async at(projectId: string, version: string, load: () => Promise<T>): Promise<T> {
    const cached = this.entries.get(projectId);
    if (cached?.version === version) {
      this.entries.delete(projectId);
      this.entries.set(projectId, cached);
      return cached.value;
    }
    if (cached) this.entries.delete(projectId); // stale: free it before loading the new one
    const inFlight = this.loading.get(projectId);
    if (inFlight?.version === version) return inFlight.done;
    const done = load()
      .then((value) => {
        this.remember(projectId, version, value);
        return value;
      })
      .finally(() => {
        if (this.loading.get(projectId)?.done === done) this.loading.delete(projectId);
      });
    this.loading.set(projectId, { version, done });
    return done;
  }

  delete(projectId: string): void {
    this.entries.delete(projectId);
  }

  clear(): void {
    this.entries.clear();
  }

  /** What the cached entries take together, as their own estimates say. */
  bytes(): number {
    let total = 0;
    for (const { value } of this.entries.values()) total += value.bytes;
    return total;
  }

  private remember(projectId: string, version: string, value: T): void {
    // A slower load of an older version must not replace a newer one cached meanwhile.
    const current = this.entries.get(projectId);
    if (current && BigInt(current.version) > BigInt(version)) return;
    this.entries.delete(projectId);
    this.entries.set(projectId, { version, value });
    let total = this.bytes();
    for (const [id, { value: v }] of this.entries) {
      if (total <= this.maxBytes || id === projectId) break;
      this.entries.delete(id);
      total -= v.bytes;
    }
  }
}
