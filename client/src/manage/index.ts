export { AskflowManagementClient, type AskflowManagementClientOptions } from './managementClient.js';
export type { Projects } from './projects.js';
export type { Keys } from './keys.js';
export type { Tools } from './tools.js';
export type { Knowledge, DocumentKind, WaitOptions } from './knowledge.js';
export type { Budgets } from './budgets.js';
export type { Threads, ThreadListOptions, ThreadPageOptions } from './threads.js';
export type { Analytics, AnalyticsOptions } from './analytics.js';
export type { CallOptions } from './caller.js';
