import Koa from 'koa';
import { accountRoutes } from './manage/accounts.js';
import { analyticsRoutes } from './manage/analytics.js';
import { configRoutes } from './manage/config.js';
import { sessionRoutes } from './manage/session.js';
import type { VectorIndex } from '../knowledge/types.js';
import { knowledgeRoutes } from './manage/knowledge.js';
import { projectRoutes } from './manage/projects.js';
import { toolRoutes } from './manage/tools.js';
import { errorBody } from './middleware/errorBody.js';
import { requestId } from './middleware/requestId.js';
import { consoleRoutes } from './routes/console.js';
import { healthRoutes } from './routes/health.js';
import { serviceRoutes, type ServiceDeps } from './routes/service.js';

export interface AppDeps extends ServiceDeps {
  vectorIndex: VectorIndex;
  /** Base of links to runs in the Temporal Web UI; null when there is none to link to. */
  temporalUiUrl: string | null;
  temporalNamespace: string;
  /** The built web console, served at /console/. */
  consoleDistDir: string;
}

export function createApp(deps: AppDeps): Koa {
  const app = new Koa();
  app.proxy = true;
  app.use(requestId());
  app.use(errorBody(deps.log));
  app.use(consoleRoutes(deps.consoleDistDir));
  const routers = [
    healthRoutes(deps), serviceRoutes(deps), accountRoutes(deps.pool), sessionRoutes(deps.pool), configRoutes(deps),
    projectRoutes(deps), analyticsRoutes(deps.pool), knowledgeRoutes(deps), toolRoutes(deps),
  ];
  for (const router of routers) {
    app.use(router.routes());
    app.use(router.allowedMethods({ throw: false }));
  }
  return app;
}
