// Each error class the client adds beyond the spec's, from a real answer of the real api (no
// injected statuses): the class, its place in the hierarchy, and the status, code, request id and
// headers it carries.
import {
  AskflowClient,
  AskflowManagementClient,
  BudgetExceededError,
  ConflictError,
  EgoZError,
  InternalServerError,
  ModelNotAllowedError,
  NotFoundError,
  PermissionDeniedError,
  ServiceUnavailableError,
  ValidationError,
} from '@askflow/client';
import { closeDb, managedProject, stackInfo } from '../stack/context.js';
import { startReplica, type Replica } from '../stack/replicas.js';

const replicas: Replica[] = [];
afterAll(async () => {
  await Promise.all(replicas.map((r) => r.stop()));
  await closeDb();
});

type Managed = Awaited<ReturnType<typeof managedProject>>;

function askClient(p: Managed, baseUrl = stackInfo().baseUrl): AskflowClient {
  return new AskflowClient({ apiKey: p.apiKey, tenantId: p.tenantId, baseUrl, retries: 0 });
}

function admin(p: Managed, baseUrl = stackInfo().baseUrl): AskflowManagementClient {
  return new AskflowManagementClient({ token: p.owner.token, baseUrl, retries: 0 });
}

async function thrown(call: () => Promise<unknown>): Promise<EgoZError> {
  const err = await call().then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof EgoZError)) throw new Error(`expected an EgoZError, got ${String(err)}`);
  return err;
}

/** What every error from a response carries: its status, code, and the response's request id and headers. */
function expectFromResponse(err: EgoZError, status: number, code: string): void {
  expect({ name: err.name, status: err.status, code: err.code }).toEqual({ name: err.constructor.name, status, code });
  expect(err.requestId).toMatch(/\S/);
  expect(err.headers).toBeInstanceOf(Headers);
  expect(err.headers!.get('x-request-id')).toBe(err.requestId);
}

describe('error classes by status, from the real api', () => {
  let p: Managed;
  beforeAll(async () => {
    p = await managedProject();
  });

  it('NotFoundError: an unknown thread (404)', async () => {
    const err = await thrown(() => askClient(p).ask({ message: 'hello', threadId: '6f0c5e0e-1111-4a8b-9c3d-2e4f5a6b7c8d' }));
    expect(err).toBeInstanceOf(NotFoundError);
    expectFromResponse(err, 404, 'NotFound');
  });

  it('ModelNotAllowedError, a ValidationError: a model while switching is off (400 MODEL_NOT_ALLOWED)', async () => {
    const err = await thrown(() => askClient(p).ask({ message: 'hello', model: 'openai:gpt-4o' }));
    expect(err).toBeInstanceOf(ModelNotAllowedError);
    expect(err).toBeInstanceOf(ValidationError);
    expectFromResponse(err, 400, 'MODEL_NOT_ALLOWED');
    // Any other refusal stays a plain ValidationError.
    const empty = await thrown(() => askClient(p).ask({ message: ' ' }));
    expect(empty.constructor).toBe(ValidationError);
  });

  it('ConflictError: a tool name already taken (409)', async () => {
    const tool = { name: 'orderStatus', description: 'Looks up an order', url: 'https://tools.example.com/order' };
    await admin(p).tools.create(p.tenantId, tool);
    const err = await thrown(() => admin(p).tools.create(p.tenantId, tool));
    expect(err).toBeInstanceOf(ConflictError);
    expectFromResponse(err, 409, 'Conflict');
  });

  it('PermissionDeniedError: a console session changing a project without its CSRF token (403)', async () => {
    // Signed in the console's way (cookies), through a fetch of the caller's that sends the session
    // cookie instead of a bearer token — and, as a forged cross-site request would, no X-CSRF-Token.
    const signIn = await fetch(`${stackInfo().baseUrl}/manage/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: p.owner.email, password: p.owner.password }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const session = new AskflowManagementClient({
      token: 'unused: the session cookie authenticates',
      baseUrl: stackInfo().baseUrl,
      fetch: (url, init) => {
        const headers = new Headers(init.headers);
        headers.delete('Authorization');
        headers.set('Cookie', cookie);
        return fetch(url, { ...init, headers });
      },
    });
    // Reading needs no CSRF token…
    expect((await session.projects.get(p.tenantId)).id).toBe(p.tenantId);
    // …changing does.
    const err = await thrown(() => session.projects.update(p.tenantId, { temperature: 1 }));
    expect(err).toBeInstanceOf(PermissionDeniedError);
    expectFromResponse(err, 403, 'CsrfFailed');
    expect((await admin(p).projects.get(p.tenantId)).temperature).not.toBe(1);
  });

  it('BudgetExceededError: an ask past the project’s daily token cap (402), with when it resets', async () => {
    const capped = await managedProject();
    await admin(capped).budgets.set(capped.tenantId, { dailyTokens: 1 });
    // The first ask starts under the cap and uses more than it; the next is refused.
    await askClient(capped).ask({ message: 'What do you know?' });
    const err = await thrown(() => askClient(capped).ask({ message: 'And now?' }));
    expect(err).toBeInstanceOf(BudgetExceededError);
    expectFromResponse(err, 402, 'BudgetExceeded');
    expect((err as BudgetExceededError).retryAfter).toBeGreaterThan(0);
    expect((err as BudgetExceededError).retryAfter).toBeLessThanOrEqual(24 * 3600);
  });

  it('ServiceUnavailableError: an api whose task queue no worker polls (503), with Retry-After', async () => {
    const api = await startReplica('api', { TEMPORAL_TASK_QUEUE: `errors-no-worker-${process.pid}` });
    replicas.push(api);
    const err = await thrown(() => askClient(p, api.baseUrl!).ask({ message: 'anyone there?' }));
    expect(err).toBeInstanceOf(ServiceUnavailableError);
    expectFromResponse(err, 503, 'Unavailable');
    expect((err as ServiceUnavailableError).retryAfter).toBe(5);
  }, 60_000);

  it('InternalServerError: an api whose database refuses writes (500)', async () => {
    // Every transaction of this replica is read-only: reads work, the first write fails inside the api.
    const url = new URL(stackInfo().databaseUrl);
    url.searchParams.set('options', '-c default_transaction_read_only=on');
    const api = await startReplica('api', { DATABASE_URL: url.toString() });
    replicas.push(api);
    expect((await admin(p, api.baseUrl!).projects.get(p.tenantId)).id).toBe(p.tenantId);
    const err = await thrown(() => admin(p, api.baseUrl!).projects.create({ name: 'never written' }));
    expect(err).toBeInstanceOf(InternalServerError);
    expectFromResponse(err, 500, 'Internal');
  }, 60_000);
});
