// Every labelled list alternates between a tuning half (where parameters may be chosen) and a
// held-out half (reported beside it, never chosen on).

export type Split = 'tuning' | 'held-out';

/** The items, alternately in the tuning and the held-out half, first item tuning. */
export const halves = <T>(items: T[]): (T & { split: Split })[] => items.map((x, i) => ({ ...x, split: i % 2 === 0 ? ('tuning' as const) : ('held-out' as const) }));
