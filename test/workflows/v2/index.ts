// "v2" of the workflow code for the versioned-deploy test: the current workflows, with the ask
// changed so that it is not replay-compatible with v1 — it records the version in its memo before
// anything else (a command v1's histories do not have). Bundled by the test, run by a v2 worker.
import { upsertMemo } from '@temporalio/workflow';
import type { AskResponse } from '@askflow/contract';
import type { AskWorkflowInput } from '../../../interface/ask.js';
import { routedAskWorkflow as v1RoutedAskWorkflow } from '../../../workflows/ask.js';

export { askWorkflow, ingestBatchWorkflow, ingestDocumentWorkflow, reindexProjectWorkflow } from '../../../workflows/index.js';

export function routedAskWorkflow(input: AskWorkflowInput): Promise<AskResponse> {
  upsertMemo({ workflowCode: 'v2' });
  return v1RoutedAskWorkflow(input);
}
