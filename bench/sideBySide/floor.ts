import { fileURLToPath } from 'node:url';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import type { emptyWorkflow } from './emptyWorkflow.js';

/**
 * Empty workflows (./emptyWorkflow.ts) on the stack's Temporal server: a worker on a task queue
 * of its own in this process, and a client that starts one and waits for its result per call —
 * the same round trip as a JSON ask, with nothing of Askflow's in it.
 */
export async function startWorkflowFloor(address: string, namespace: string) {
  const taskQueue = `bench-floor-${process.pid}`;
  const nativeConnection = await NativeConnection.connect({ address });
  const worker = await Worker.create({
    connection: nativeConnection,
    namespace,
    taskQueue,
    workflowsPath: fileURLToPath(new URL('./emptyWorkflow.js', import.meta.url)),
  });
  const running = worker.run();
  const connection = await Connection.connect({ address });
  const client = new Client({ connection, namespace });
  let id = 0;
  return {
    async once(n: number): Promise<void> {
      await client.workflow.execute<typeof emptyWorkflow>('emptyWorkflow', { taskQueue, workflowId: `bench-floor-${process.pid}-${++id}`, args: [n] });
    },
    async close(): Promise<void> {
      worker.shutdown();
      await running;
      await connection.close();
      await nativeConnection.close();
    },
  };
}
