import { randomBytes } from 'node:crypto';
import { closeDb, expectJson, newProject, signUp } from '../stack/context.js';
import { startReplica, type Replica } from '../stack/replicas.js';

// An api with small limits; each case comes from addresses of its own (X-Forwarded-For, as a
// proxy in front would set it), so the counts of one case never reach another.
let api: Replica;
beforeAll(async () => {
  api = await startReplica('api', { SIGNIN_FAILURES_PER_ACCOUNT: '3', SIGNIN_FAILURES_PER_IP: '5', INVALID_KEYS_PER_IP: '5', INVALID_KEYS_PER_PREFIX: '3' });
});
afterAll(async () => {
  await api.stop();
  await closeDb();
});

let nextIp = 0;
const freshIp = () => `198.51.100.${(process.pid + ++nextIp) % 250}`;

const signIn = (ip: string, email: string, password: string) =>
  fetch(`${api.baseUrl}/manage/tokens`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip }, body: JSON.stringify({ email, password }) });
let tenant = '';
const withKey = (ip: string, key: string) => fetch(`${api.baseUrl}/service/models`, { headers: { 'X-API-Key': key, 'X-Tenant-Id': tenant, 'X-Forwarded-For': ip } });
const randomKey = (prefix = `askflow_test_${randomBytes(8).toString('hex')}`) => `${prefix}${randomBytes(24).toString('base64url')}`.slice(0, 56);

async function expectThrottled(res: Response): Promise<void> {
  expect(await expectJson(res, 429)).toMatchObject({ error: { code: 'RateLimited' } });
  expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
}

describe('brute-force throttling', () => {
  it('an account is locked after repeated wrong passwords, even against the right one; a success clears the count', async () => {
    const owner = await signUp();
    const other = await signUp();
    // A success clears the count: two wrong, right, two wrong is still 401.
    await expectJson(await signIn(freshIp(), owner.email, 'wrong password one'), 401);
    await expectJson(await signIn(freshIp(), owner.email, 'wrong password two'), 401);
    await expectJson(await signIn(freshIp(), owner.email, owner.password), 201);
    // Three failures are answered; after them the account is locked.
    for (let i = 0; i < 3; i++) await expectJson(await signIn(freshIp(), owner.email, `wrong password ${i}`), 401);
    // Locked from any address, right password or not; other accounts are not.
    await expectThrottled(await signIn(freshIp(), owner.email, owner.password));
    await expectThrottled(await signIn(freshIp(), owner.email.toUpperCase(), owner.password));
    await expectJson(await signIn(freshIp(), other.email, other.password), 201);
  });

  it('an address is throttled after failing across many accounts', async () => {
    const ip = freshIp();
    const owner = await signUp();
    for (let i = 0; i < 5; i++) await expectJson(await signIn(ip, `nobody${i}-${Date.now()}@example.test`, 'a guessed password'), 401);
    await expectThrottled(await signIn(ip, owner.email, owner.password));
    await expectJson(await signIn(freshIp(), owner.email, owner.password), 201);
  });

  it('guessed API keys are throttled per address, and per key prefix across addresses', async () => {
    const p = await newProject('brute force');
    tenant = p.tenantId;
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await expectJson(await withKey(ip, randomKey()), 401);
    // Even a valid key is refused from that address now; from another it works.
    await expectThrottled(await withKey(ip, p.apiKey));
    await expectJson(await withKey(freshIp(), p.apiKey), 200);

    // One prefix guessed from many addresses.
    const prefix = `askflow_test_${randomBytes(4).toString('hex').slice(0, 7)}`;
    for (let i = 0; i < 3; i++) await expectJson(await withKey(freshIp(), randomKey(prefix)), 401);
    await expectThrottled(await withKey(freshIp(), randomKey(prefix)));
    await expectJson(await withKey(freshIp(), p.apiKey), 200);
  });
});
