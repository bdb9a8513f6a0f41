import Router from '@koa/router';
import type { ConsoleConfig } from '@askflow/contract';
import { builtInConnection, kindInfos, offeredModels } from '../../providers/catalog.js';
import type { Pool } from '../../store/pool.js';
import { ownerAuth } from '../middleware/ownerAuth.js';
import type { State } from '../state.js';

export interface ConsoleConfigDeps {
  pool: Pool;
  temporalUiUrl: string | null;
  temporalNamespace: string;
}

/** The chat models of every built-in connection (kinds that need no connection row). */
function builtInChatModels(): string[] {
  return kindInfos().flatMap((kind) => {
    const connection = builtInConnection(kind.name);
    return connection ? (offeredModels(connection, 'chat') ?? []) : [];
  });
}

/** Deployment facts the console cannot know by itself, such as where the Temporal UI lives. */
export function configRoutes(deps: ConsoleConfigDeps): Router<State> {
  const router = new Router<State>({ prefix: '/manage' });
  // Without a trailing slash, so the console can append `/namespaces/…` as it is.
  const config: ConsoleConfig = {
    temporalUiUrl: deps.temporalUiUrl?.replace(/\/+$/, '') || null,
    temporalNamespace: deps.temporalNamespace,
    builtInModels: builtInChatModels(),
  };
  router.get('/config', ownerAuth(deps.pool), (ctx) => {
    ctx.body = config;
  });
  return router;
}
