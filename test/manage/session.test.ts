import { ConsoleConfigSchema, SessionSchema } from '@askflow/contract';
import { call, expectJson, manage, signUp, stackInfo } from '../stack/context.js';
import { BrowserSession, parseSetCookie } from './browserSession.js';
import { expectWire } from '../stack/wire.js';

const password = 'correct horse battery';
let n = 0;
const newEmail = () => `session${process.pid}-${++n}-${Date.now()}@example.test`;

async function signedUpBrowser(): Promise<{ browser: BrowserSession; email: string; ownerId: string }> {
  const browser = new BrowserSession();
  const email = newEmail();
  const { owner } = await expectWire(SessionSchema, await browser.fetch('POST', '/manage/session/signup', { body: { email, password } }), 201);
  return { browser, email, ownerId: owner.id };
}

type ErrorJson = { error: { code: string; message: string } };

describe('console sessions', () => {
  it('signs up with cookies: an HttpOnly session holding an owner token and a readable CSRF token', async () => {
    const email = newEmail();
    const res = await call('POST', '/manage/session/signup', { body: { email, password } });
    const body = await expectWire(SessionSchema, res, 201);
    expect(body.owner.email).toBe(email);
    expect(Object.keys(body)).toEqual(['owner']);

    const cookies = new Map(res.headers.getSetCookie().map(parseSetCookie).map((c) => [c.name, c]));
    const session = cookies.get('askflow_session')!;
    const csrf = cookies.get('askflow_csrf')!;
    expect(session.value).toMatch(/^askflow_owner_[A-Za-z0-9_-]{43}$/);
    expect(session.attributes.has('httponly')).toBe(true);
    expect(session.attributes.get('samesite')).toBe('Strict');
    expect(session.attributes.get('path')).toBe('/');
    expect(session.attributes.get('max-age')).toBe(String(30 * 24 * 3600));
    expect(session.attributes.has('secure')).toBe(false);
    expect(csrf.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(csrf.attributes.has('httponly')).toBe(false);
    expect(csrf.attributes.get('samesite')).toBe('Strict');
    expect(csrf.attributes.get('path')).toBe('/');

    // A session is an owner token: a script holding it is the same owner.
    const viaBearer = await expectJson<{ owner: { id: string } }>(await manage(session.value, 'GET', '/session'), 200);
    expect(viaBearer.owner.id).toBe(body.owner.id);
  });

  it('marks the cookies Secure when the request came over https (through a proxy)', async () => {
    const res = await call('POST', '/manage/session/signup', { body: { email: newEmail(), password }, headers: { 'X-Forwarded-Proto': 'https' } });
    await expectJson(res, 201);
    const cookies = res.headers.getSetCookie().map(parseSetCookie);
    expect(cookies.map((c) => c.name).sort()).toEqual(['askflow_csrf', 'askflow_session']);
    for (const c of cookies) expect(c.attributes.has('secure')).toBe(true);
  });

  it('refuses a second account for the same email, and wrong credentials, without setting cookies', async () => {
    const { email } = await signedUpBrowser();
    const dup = await call('POST', '/manage/session/signup', { body: { email: email.toUpperCase(), password } });
    expect((await expectJson<ErrorJson>(dup, 409)).error.code).toBe('Conflict');
    expect(dup.headers.getSetCookie()).toEqual([]);

    for (const body of [{ email, password: 'not the password' }, { email: newEmail(), password }]) {
      const wrong = await call('POST', '/manage/session', { body });
      expect((await expectJson<ErrorJson>(wrong, 401)).error.code).toBe('Unauthorized');
      expect(wrong.headers.getSetCookie()).toEqual([]);
    }
    await expectJson(await call('POST', '/manage/session', { body: { email, password: 'short' } }), 400);
  });

  it('signs in, reads the session, signs out (revoking the token and clearing both cookies)', async () => {
    const { email, ownerId } = await signedUpBrowser();
    const browser = new BrowserSession();
    await expectJson(await browser.fetch('GET', '/manage/session'), 401);

    const signedIn = await expectWire(SessionSchema, await browser.fetch('POST', '/manage/session', { body: { email: email.toUpperCase(), password } }), 200);
    expect(signedIn.owner).toEqual({ id: ownerId, email });
    const token = browser.cookies.get('askflow_session')!;
    expect((await expectWire(SessionSchema, await browser.fetch('GET', '/manage/session'), 200)).owner.id).toBe(ownerId);

    // Signing out is a change like any other: refused without the CSRF header, and nothing happens.
    expect((await expectJson<ErrorJson>(await browser.fetch('DELETE', '/manage/session'), 403)).error.code).toBe('CsrfFailed');
    await expectJson(await browser.fetch('GET', '/manage/session'), 200);

    const out = await browser.fetch('DELETE', '/manage/session', { csrf: true });
    expect(out.status).toBe(204);
    const cleared = out.headers.getSetCookie().map(parseSetCookie);
    expect(cleared.map((c) => [c.name, c.value, c.attributes.get('max-age'), c.attributes.get('path')]).sort()).toEqual([
      ['askflow_csrf', '', '0', '/'],
      ['askflow_session', '', '0', '/'],
    ]);
    expect(browser.cookies.size).toBe(0);
    // The token itself is revoked, not just forgotten by the browser.
    await expectJson(await manage(token, 'GET', '/projects'), 401);
    const stale = await call('GET', '/manage/session', { headers: { Cookie: `askflow_session=${token}` } });
    expect((await expectJson<ErrorJson>(stale, 401)).error.message).toContain('sign in again');
  });

  it('signing in again in the same browser ends the previous session', async () => {
    const { browser, email } = await signedUpBrowser();
    const first = browser.cookies.get('askflow_session')!;
    const firstCsrf = browser.cookies.get('askflow_csrf')!;
    await expectJson(await browser.fetch('POST', '/manage/session', { body: { email, password } }), 200);
    expect(browser.cookies.get('askflow_session')).not.toBe(first);
    expect(browser.cookies.get('askflow_csrf')).not.toBe(firstCsrf);
    await expectJson(await manage(first, 'GET', '/projects'), 401);
    await expectJson(await browser.fetch('GET', '/manage/projects'), 200);
  });
});

describe('CSRF protection of cookie-authenticated changes', () => {
  it.each(['POST', 'PATCH', 'DELETE'])('refuses %s without the header or with a wrong one, and accepts the right one', async (method) => {
    const { browser } = await signedUpBrowser();
    const { id } = await expectJson<{ id: string }>(await browser.fetch('POST', '/manage/projects', { body: { name: 'seed' }, csrf: true }), 201);
    const [path, body] =
      method === 'POST' ? ['/manage/projects', { name: 'new' }] : method === 'PATCH' ? [`/manage/projects/${id}`, { name: 'renamed' }] : [`/manage/projects/${id}`, undefined];
    const csrf = browser.cookies.get('askflow_csrf')!;
    const wrongHeaders: Record<string, string>[] = [{}, { 'X-CSRF-Token': 'x'.repeat(csrf.length) }, { 'X-CSRF-Token': `${csrf}x` }, { 'X-CSRF-Token': '' }];
    for (const headers of wrongHeaders) {
      const res = await browser.fetch(method, path, { ...(body ? { body } : {}), headers });
      const err = await expectJson<ErrorJson>(res, 403);
      expect(err.error.code).toBe('CsrfFailed');
      expect(err.error.message).toContain('X-CSRF-Token');
    }
    // Nothing changed.
    const before = await expectJson<{ projects: { id: string; name: string }[] }>(await browser.fetch('GET', '/manage/projects'), 200);
    expect(before.projects).toEqual([expect.objectContaining({ id, name: 'seed' })]);

    const ok = await browser.fetch(method, path, { ...(body ? { body } : {}), csrf: true });
    expect(ok.status).toBe(method === 'POST' ? 201 : method === 'PATCH' ? 200 : 204);
    const after = await expectJson<{ projects: { name: string }[] }>(await browser.fetch('GET', '/manage/projects'), 200);
    expect(after.projects.map((p) => p.name).sort()).toEqual(method === 'POST' ? ['new', 'seed'] : method === 'PATCH' ? ['renamed'] : []);
  });

  it('refuses the header when the CSRF cookie is missing, even if the header is set', async () => {
    const { browser } = await signedUpBrowser();
    const session = browser.cookies.get('askflow_session')!;
    const res = await call('POST', '/manage/projects', { body: { name: 'p' }, headers: { Cookie: `askflow_session=${session}`, 'X-CSRF-Token': 'anything' } });
    expect((await expectJson<ErrorJson>(res, 403)).error.code).toBe('CsrfFailed');
  });

  it('asks nothing of Bearer callers: scripts change things without a CSRF header', async () => {
    const owner = await signUp();
    const created = await expectJson<{ id: string }>(await manage(owner.token, 'POST', '/projects', { name: 'script' }), 201);
    await expectJson(await manage(owner.token, 'PATCH', `/projects/${created.id}`, { name: 'renamed' }), 200);
    await expectJson(await manage(owner.token, 'DELETE', `/projects/${created.id}`), 204);
  });

  it('an owner sees only their own projects through cookies too', async () => {
    const alice = await signedUpBrowser();
    const bob = await signedUpBrowser();
    const { id } = await expectJson<{ id: string }>(await alice.browser.fetch('POST', '/manage/projects', { body: { name: 'alice only' }, csrf: true }), 201);
    expect((await expectJson<{ projects: unknown[] }>(await bob.browser.fetch('GET', '/manage/projects'), 200)).projects).toEqual([]);
    await expectJson(await bob.browser.fetch('GET', `/manage/projects/${id}`), 404);
    await expectJson(await bob.browser.fetch('PATCH', `/manage/projects/${id}`, { body: { name: 'mine' }, csrf: true }), 404);
    await expectJson(await bob.browser.fetch('DELETE', `/manage/projects/${id}`, { csrf: true }), 404);
    await expectJson(await bob.browser.fetch('GET', `/manage/projects/${id}/analytics`), 404);
    const mine = await expectJson<{ projects: { id: string; name: string }[] }>(await alice.browser.fetch('GET', '/manage/projects'), 200);
    expect(mine.projects.map((p) => [p.id, p.name])).toEqual([[id, 'alice only']]);
  });
});

describe('GET /manage/config', () => {
  it('tells the console where runs are in the Temporal UI, to owners only', async () => {
    const { browser } = await signedUpBrowser();
    const config = await expectWire(ConsoleConfigSchema, await browser.fetch('GET', '/manage/config'), 200);
    const info = stackInfo();
    expect(config).toEqual({ temporalUiUrl: info.temporalUiUrl?.replace(/\/+$/, '') ?? null, temporalNamespace: info.temporalNamespace, builtInModels: ['local:extractive'] });
    await expectJson(await call('GET', '/manage/config'), 401);
  });
});
