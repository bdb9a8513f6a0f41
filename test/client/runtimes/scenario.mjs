// The checks every runtime runs against the real api, on the client as installed from its packed
// tarball. Plain JavaScript with no import of its own: each runtime's entry imports the client
// its own way (node_modules, `npm:`, a bundle) and hands it to `run`, which reports what it saw as
// JSON; test/client/runtimes.test.ts holds the expectations.

/** What a call threw (or `null` when it did not): its class, the classes it is an instance of, code, status, request id. */
async function failure(call, A) {
  try {
    await call();
    return null;
  } catch (err) {
    const is = ['EgoZError', 'AuthenticationError', 'ValidationError', 'ModelNotAllowedError', 'NotFoundError', 'TimeoutError', 'NetworkError'].filter((name) => err instanceof A[name]);
    return { name: err?.name ?? null, is, code: err?.code ?? null, status: err?.status ?? null, hasRequestId: typeof err?.requestId === 'string', headerRequestId: err?.headers?.get?.('x-request-id') === err?.requestId };
  }
}

/**
 * `config`: `{ baseUrl, proxyUrl, key, apiKey, tenantId, signed: { secret, timestamp, body, signature },
 * webhook: { secret, body, headers }, browser }`. `proxyUrl` reaches the api through the test's
 * fault-injecting proxy; `key` names this runtime's scenarios there (`/~<key>-retry`, …).
 */
export async function run(config, A) {
  const report = {};
  const options = { apiKey: config.apiKey, tenantId: config.tenantId, baseUrl: config.baseUrl, ...(config.browser ? { dangerouslyAllowBrowser: true } : {}) };
  const client = new A.AskflowClient(options);

  if (config.browser) {
    report.refusedWithoutOptIn = await failure(() => new A.AskflowClient({ ...options, dangerouslyAllowBrowser: undefined }), A).then((f) => f?.name ?? null);
  }

  report.ping = await client.ping();
  const menu = await client.listModels();
  report.defaultModel = menu.defaultId;

  const answered = await client.ask({ message: 'What can you do?', externalThreadId: `runtime-${config.key}` }).withResponse();
  report.ask = {
    answered: typeof answered.data.answer === 'string' && answered.data.answer.length > 0,
    status: answered.response.status,
    requestIdOnResult: answered.data.requestId === answered.requestId && typeof answered.requestId === 'string',
    requestIdIsHeader: answered.requestId === answered.response.headers.get('x-request-id'),
    requestIdHidden: !JSON.stringify(answered.data).includes('requestId'),
  };

  // Streams: the first events, then `break` (the proxy sees the hang-up); then an abort from outside.
  const stream = new A.AskflowClient({ ...options, baseUrl: `${config.proxyUrl}/~${config.key}-break` }).askStreamIter({ message: 'Tell me about streaming' });
  const seen = [];
  for await (const event of stream) {
    seen.push(event.type);
    if (seen.length === 1) break;
  }
  report.streamBreak = { firstEvent: seen[0], askId: typeof stream.askId === 'string', events: seen.length };
  const streamed = await client.askStream({ message: 'Stream a whole answer' }, { onEvent: () => undefined });
  report.askStream = { answered: streamed.answer.length > 0, model: streamed.model, noType: !('type' in streamed) };

  const controller = new AbortController();
  const aborted = await failure(async () => {
    for await (const event of client.askStreamIter({ message: 'Abort me' }, { signal: controller.signal })) {
      if (event) controller.abort();
    }
  }, A);
  report.streamAbort = aborted && { name: aborted.name, code: aborted.code };

  // Through the proxy: one 503 then the api (retried, once asked); a silent api (timeout).
  const viaProxy = (scenario, more) => new A.AskflowClient({ ...options, baseUrl: `${config.proxyUrl}/~${config.key}-${scenario}`, ...more });
  const retried = await viaProxy('retry', { maxRetries: 2 }).ask({ message: 'Retried ask' });
  report.retried = retried.answer.length > 0;
  report.timeout = await failure(() => viaProxy('hang', { timeout: 400, retries: 0 }).ask({ message: 'Nobody answers' }), A);

  // Typed errors from the real api.
  report.errors = {
    badKey: await failure(() => new A.AskflowClient({ ...options, apiKey: `askflow_test_${'Z'.repeat(43)}`, retries: 0 }).listModels(), A),
    unknownThread: await failure(() => client.ask({ message: 'x', threadId: '6f0c5e0e-1111-4a8b-9c3d-2e4f5a6b7c8d' }), A),
    modelNotAllowed: await failure(() => client.ask({ message: 'x', model: 'openai:gpt-4o' }), A),
  };

  // Signatures: Web Crypto everywhere; the synchronous helpers where node:crypto exists.
  const { signed, webhook } = config;
  const params = { signature: signed.signature, timestamp: signed.timestamp, body: signed.body, secret: signed.secret };
  report.signatures = {
    asyncValid: await A.validateSignatureAsync(params),
    asyncTampered: await A.validateSignatureAsync({ ...params, body: `${signed.body} ` }),
    asyncComputed: (await A.computeSignatureAsync(signed.secret, signed.timestamp, signed.body)) === signed.signature,
    asyncStale: await failure(() => A.verifySignatureAsync({ ...params, tolerance: 1, now: Number(signed.timestamp) + 10 }), A).then((f) => f?.name ?? null),
    webhookAsync: (await A.verifyWebhookAsync(webhook.body, new Headers(webhook.headers), webhook.secret)).type,
    webhookAsyncTampered: await A.validateWebhookAsync(`${webhook.body} `, webhook.headers, webhook.secret),
  };
  try {
    report.signatures.sync = { valid: A.validateSignature(params), tampered: A.validateSignature({ ...params, body: `${signed.body} ` }) };
  } catch (err) {
    report.signatures.sync = { unavailable: err instanceof TypeError && /Async/.test(err.message) };
  }
  return report;
}
