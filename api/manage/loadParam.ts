import type { RouterParameterMiddleware } from '@koa/router';
import { ApiError } from '../errors.js';
import type { AppState, Loaded, State } from '../state.js';
import { UUID } from '../uuid.js';

/**
 * A `router.param` handler that loads the resource a path names, once per request, into
 * `ctx.state[key]`. S is the router's state; `find` sees what was loaded before it (the
 * owner, the project) and answers null for anything not theirs. That, or an id that is no
 * UUID, is 404, the same answer as for an id that never existed: other tenants' ids leak nothing.
 */
export function loadParam<S extends State, K extends keyof AppState>(
  key: K,
  noun: string,
  find: (state: Omit<S, K>, id: string) => Promise<AppState[K] | null>,
): RouterParameterMiddleware<S & Partial<Loaded<K>>> {
  return async (id, ctx, next) => {
    const found = UUID.test(id) ? await find(ctx.state, id) : null;
    if (found === null) throw new ApiError('NotFound', `${noun} ${id} not found`);
    const loaded: Partial<Loaded<K>> = ctx.state;
    loaded[key] = found;
    return next();
  };
}
