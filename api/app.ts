import Koa from 'koa';
import { accountRoutes } from './manage/accounts.js';
import type { VectorIndex } from '../knowledge/types.js';
import { knowledgeRoutes } from './manage/knowledge.js';
import { projectRoutes } from './manage/projects.js';
import { toolRoutes } from './manage/tools.js';
import { errorBody } from './middleware/errorBody.js';
import { requestId } from './middleware/requestId.js';
import { healthRoutes } from './routes/health.js';
import { serviceRoutes, type ServiceDeps } from './routes/service.js';

export interface AppDeps extends ServiceDeps {
  vectorIndex: VectorIndex;
}

export function createApp(deps: AppDeps): Koa {
  const app = new Koa();
  app.proxy = true;
  app.use(requestId());
  app.use(errorBody(deps.log));
  for (const router of [healthRoutes(deps), serviceRoutes(deps), accountRoutes(deps.pool), projectRoutes(deps), knowledgeRoutes(deps), toolRoutes(deps)]) {
    app.use(router.routes());
    app.use(router.allowedMethods({ throw: false }));
  }
  return app;
}
