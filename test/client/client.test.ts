import { AskflowClient, AuthenticationError, NetworkError, ValidationError } from '@askflow/client';
import { closeDb, newProject, stackInfo, type TestProject } from '../stack/context.js';

let project: TestProject;
beforeAll(async () => {
  project = await newProject('client tests');
});
afterAll(closeDb);

describe('AskflowClient against the real api', () => {
  it('requires apiKey and tenantId', () => {
    expect(() => new AskflowClient({ apiKey: '', tenantId: 't' })).toThrow(/apiKey/);
    expect(() => new AskflowClient({ apiKey: 'k', tenantId: '' })).toThrow(/tenantId/);
  });

  it('asks, lists the one-entry menu and pings', async () => {
    const client = new AskflowClient({ ...project, baseUrl: stackInfo().baseUrl });
    const answer = await client.ask({ message: 'hello from the client' });
    expect(answer.intent).toBe('vanilla');
    expect(await client.listModels()).toEqual({
      switchable: false,
      defaultId: 'local:extractive',
      models: [{ id: 'local:extractive', provider: 'local', model: 'extractive', isDefault: true }],
    });
    expect(await client.ping()).toBe(true);
  });

  it('throws AuthenticationError for a bad key and ValidationError for a bad body', async () => {
    const bad = new AskflowClient({ apiKey: 'askflow_test_' + 'B'.repeat(43), tenantId: project.tenantId, baseUrl: stackInfo().baseUrl });
    await expect(bad.ask({ message: 'hi' })).rejects.toBeInstanceOf(AuthenticationError);
    const client = new AskflowClient({ ...project, baseUrl: stackInfo().baseUrl });
    await expect(client.ask({ message: '' })).rejects.toMatchObject({ name: 'ValidationError', code: 'ValidationError', status: 400 });
    await expect(client.ask({ message: 'x', threadId: 'mine' })).rejects.toBeInstanceOf(ValidationError);
  });

  it('reports an unreachable service as NetworkError, and ping as false', async () => {
    const client = new AskflowClient({ ...project, baseUrl: 'http://127.0.0.1:9' });
    await expect(client.ask({ message: 'hi' })).rejects.toBeInstanceOf(NetworkError);
    expect(await client.ping()).toBe(false);
  });
});
