import type Router from '@koa/router';
import Koa from 'koa';
import type { VectorIndex } from '../knowledge/types.js';
import { accountRoutes } from './manage/accounts.js';
import { analyticsRoutes } from './manage/analytics.js';
import { askTimelineRoutes } from './manage/askTimeline.js';
import { apiKeyRoutes } from './manage/apiKeys.js';
import { pathShape } from './middleware/pathShape.js';
import { budgetRoutes } from './manage/budgets.js';
import { configRoutes } from './manage/config.js';
import { knowledgeRoutes } from './manage/knowledge.js';
import { priceRoutes } from './manage/prices.js';
import { projectListRoutes, projectRoutes } from './manage/projects.js';
import { providerRoutes } from './manage/providers.js';
import { sessionRoutes } from './manage/session.js';
import { signingSecretRoutes } from './manage/signingSecret.js';
import { threadRoutes } from './manage/threads.js';
import { toolRoutes } from './manage/tools.js';
import { webhookRoutes } from './manage/webhooks.js';
import { errorBody } from './middleware/errorBody.js';
import { requestId } from './middleware/requestId.js';
import { httpMetrics } from './middleware/httpMetrics.js';
import { accessLog } from './middleware/accessLog.js';
import { serverTiming } from './middleware/serverTiming.js';
import { traceRequest } from './middleware/traceRequest.js';
import { consoleRoutes } from './routes/console.js';
import { healthRoutes } from './routes/health.js';
import { serviceRoutes, type ServiceDeps } from './routes/service.js';
import { createAskRunner } from './ask/askRunner.js';
import { openAiErrors } from './openai/errors.js';
import { openaiRoutes } from './openai/routes.js';
import { webhookOutboxOf } from './webhookOutbox.js';
import type { State } from './state.js';

export interface AppDeps extends ServiceDeps {
  /** Whether X-Forwarded-For/-Proto are believed (a reverse proxy in front). */
  trustProxy: boolean;
  vectorIndex: VectorIndex;
  /** Base of links to runs in the Temporal Web UI; null when there is none to link to. */
  temporalUiUrl: string | null;
  temporalNamespace: string;
  /** The built web console, served at /console/. */
  consoleDistDir: string;
}

export function createApp(deps: AppDeps): Koa<State> {
  const app = new Koa<State>();
  app.proxy = deps.trustProxy;
  // The proxy nearest us appends the client's address last: earlier hops are whatever the client sent.
  app.maxIpsCount = 1;
  app.use(httpMetrics());
  app.use(serverTiming());
  app.use(requestId());
  app.use(traceRequest());
  app.use(accessLog(deps.log));
  app.use(errorBody(deps.log));
  // The OpenAI-compatible door answers its errors in OpenAI's shape, inside Askflow's.
  app.use(openAiErrors(deps.log));
  app.use(pathShape());
  app.use(consoleRoutes(deps.consoleDistDir));
  // One call per router: each keeps its own state type (a loop over them would unite them).
  const mount = <S>(router: Router<S>) => {
    app.use(router.routes());
    app.use(router.allowedMethods({ throw: false }));
  };
  mount(healthRoutes(deps));
  // One runner for both doors: streams of one ask share one reader, whichever door they came by.
  const runner = createAskRunner(deps);
  mount(serviceRoutes(deps, runner));
  mount(openaiRoutes(deps, runner));
  mount(accountRoutes(deps.pool, deps.throttles.signIns));
  mount(sessionRoutes(deps.pool, deps.throttles.signIns));
  mount(configRoutes(deps));
  mount(projectListRoutes(deps));
  mount(projectRoutes(deps));
  mount(apiKeyRoutes(deps.pool));
  mount(budgetRoutes(deps.pool));
  mount(providerRoutes(deps));
  mount(priceRoutes(deps.pool));
  mount(threadRoutes(deps));
  mount(askTimelineRoutes(deps));
  mount(analyticsRoutes(deps.pool));
  mount(knowledgeRoutes(deps));
  mount(toolRoutes(deps));
  mount(signingSecretRoutes(deps));
  mount(webhookRoutes({ masterKey: deps.masterKey, webhooks: webhookOutboxOf(deps) }));
  return app;
}
