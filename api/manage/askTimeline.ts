import type Router from '@koa/router';
import type { Client } from '@temporalio/client';
import { decodeArrayFromPayloads } from '@temporalio/common/lib/internal-non-workflow/index.js';
import type { Pool } from '../../store/pool.js';
import { askTimeline, type DecodePayloads } from '../ask/timeline.js';
import { ApiError } from '../errors.js';
import { GRPC, isGrpcStatus } from '../grpcStatus.js';
import { projectRouter, type ProjectState } from './projectRouter.js';

/**
 * `GET /manage/projects/{id}/asks/{askId}/timeline`: the steps of one of the project's asks, read
 * from its workflow history (payloads decrypted here, for the owner only). Ask ids name their
 * project, so another project's ask is a 404 like a missing one.
 */
export function askTimelineRoutes({ pool, temporal }: { pool: Pool; temporal: Client }): Router<ProjectState> {
  const router = projectRouter(pool);
  // One payload at a time: a payload this process cannot decrypt (a retired key) costs its label, not the view.
  const decode: DecodePayloads = (payloads) => Promise.all(payloads.map((p) => decodeArrayFromPayloads(temporal.options.loadedDataConverter, [p]).then((v) => v[0], () => undefined)));

  router.get('/:id/asks/:askId/timeline', async (ctx) => {
    const askId = ctx.params.askId!;
    if (!askId.startsWith(`ask-${ctx.state.project.id}-`)) throw new ApiError('NotFound', `Ask ${askId} not found`);
    let events;
    try {
      events = (await temporal.workflow.getHandle(askId).fetchHistory()).events ?? [];
    } catch (err) {
      // The history call is a raw RPC: a missing run is gRPC's NOT_FOUND (5), not WorkflowNotFoundError.
      if (isGrpcStatus(err, GRPC.notFound)) throw new ApiError('NotFound', `Ask ${askId} not found`);
      throw err;
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await askTimeline(askId, events, decode);
  });

  return router;
}
