import Koa from 'koa';
import { errorBody } from './middleware/errorBody.js';
import { requestId } from './middleware/requestId.js';
import { healthRoutes } from './routes/health.js';
import { serviceRoutes, type ServiceDeps } from './routes/service.js';

export function createApp(deps: ServiceDeps): Koa {
  const app = new Koa();
  app.proxy = true;
  app.use(requestId());
  app.use(errorBody(deps.log));
  for (const router of [healthRoutes(deps), serviceRoutes(deps)]) {
    app.use(router.routes());
    app.use(router.allowedMethods({ throw: false }));
  }
  return app;
}
