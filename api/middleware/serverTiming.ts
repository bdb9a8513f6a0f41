import type { Middleware } from 'koa';
import type { State } from '../state.js';
import { StepTimer } from '../stepTimer.js';

/** Gives every request a StepTimer and sends its marks back, unless the headers already left (a stream). */
export function serverTiming(): Middleware<State> {
  return async (ctx, next) => {
    ctx.state.timing = new StepTimer();
    try {
      await next();
    } finally {
      if (!ctx.headerSent) ctx.set('Server-Timing', ctx.state.timing.header());
    }
  };
}
