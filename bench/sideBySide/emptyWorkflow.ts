/**
 * The least a workflow can be: started, one workflow task, completed with its input. Measured
 * beside Askflow on the same Temporal server, it is the floor under any design that makes each
 * ask a durable workflow — what the server and the SDK cost before Askflow does anything.
 */
export async function emptyWorkflow(n: number): Promise<number> {
  return n;
}
