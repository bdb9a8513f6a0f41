/**
 * How many attempts a streamed ask's generation step gets (its activity's retry policy). The
 * step itself reads it too: its last attempt shows readers only what the run's history holds,
 * since no later attempt would put an event it showed early into the log.
 */
export const GENERATION_ATTEMPTS = 4;
