import { AskRequestSchema, MAX_MESSAGE_CHARS, SDK_RESERVED_HEADERS, isReservedHeader } from '@askflow/contract';

describe('AskRequest schema', () => {
  it('accepts every field of the contract', () => {
    const full = {
      tenantId: 't',
      message: 'hi',
      threadId: '7d1c2b9e-2f1a-4c55-9a34-0c8e5a4f1b2d',
      externalThreadId: 'conv-1',
      externalUserId: 'user-9',
      authToken: 'tok',
      headers: { 'Accept-Language': 'nb' },
      toolHeaders: { Authorization: 'Bearer end-user' },
      model: 'openai:gpt-4o-mini',
      responseFormat: 'json_object',
      jsonSchema: { type: 'object' },
      metadata: { requestType: 'voice', anything: [1, 2] },
    };
    expect(AskRequestSchema.parse(full)).toEqual(full);
  });

  it.each([
    ['no message', { tenantId: 't' }],
    ['a blank message', { tenantId: 't', message: '   ' }],
    ['a message over the limit', { tenantId: 't', message: 'x'.repeat(MAX_MESSAGE_CHARS + 1) }],
    ['an externalThreadId over 255 characters', { tenantId: 't', message: 'm', externalThreadId: 'e'.repeat(256) }],
    ['a misspelt field', { tenantId: 't', mesage: 'm', message: 'm' }],
    ['a header value that is not a string', { tenantId: 't', message: 'm', headers: { 'X-A': 1 } }],
  ])('rejects %s', (_what, body) => {
    expect(AskRequestSchema.safeParse(body).success).toBe(false);
  });

  it('keeps externalThreadId of exactly 255 characters', () => {
    expect(AskRequestSchema.safeParse({ tenantId: 't', message: 'm', externalThreadId: 'e'.repeat(255) }).success).toBe(true);
  });
});

describe('reserved headers', () => {
  it('lists the spec names and HTTP framing, compared case-insensitively', () => {
    for (const name of ['Authorization', 'Content-Type', 'Accept', 'X-API-Key', 'X-Tenant-Id', 'X-Request-Id', 'Host', 'Content-Length', 'Transfer-Encoding', 'Connection']) {
      expect(SDK_RESERVED_HEADERS).toContain(name);
      expect(isReservedHeader(name.toUpperCase())).toBe(true);
    }
    expect(isReservedHeader('x-service-signature')).toBe(true);
    expect(isReservedHeader('Accept-Language')).toBe(false);
  });
});
