// Run once in the worker's shared workflow context (the bundle's `preloadModules`, see
// worker/workflowBundle.ts), before the SDK freezes that context's globals.
//
// The SDK's promise hook captures a stack trace for every promise workflow code makes (for its
// `__stack_trace` query), mapping each frame through the bundle's source map: about 180 µs per
// promise measured here, ~2 ms of each workflow activation (docs/benchmark-history.md). The
// capture reads the limit of the workflow context's own `Error`, so a limit of 0 makes it
// cost almost nothing. What it costs: errors made in workflow code carry no frames, and the
// stack-trace query shows none. Askflow's workflow code is a few short functions; its failures
// come from activities, whose stacks (made outside this context) are kept.
Error.stackTraceLimit = 0;

export {};
