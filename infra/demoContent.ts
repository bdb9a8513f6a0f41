/**
 * What `npm start`'s demo project ships with, set through the management API as an owner would:
 * a short handbook (knowledge), the order-status tool, and both switched on, so the playground
 * answers plainly, from the handbook, with the tool, and with both. Run on every start: the
 * handbook is added once, the tool follows the demo tool server's port.
 */
import type { DocumentList, DocumentView, ProjectPatch, ToolInput, ToolList } from '@askflow/contract';
import { DEMO_TOOL } from './demoTool.js';

export const DEMO_DOCUMENT = {
  name: 'demo-store-handbook.md',
  text: `# Demo Store handbook

## Returns

Items can be returned within 30 days of delivery for a full refund. Refunds reach your card
within 5 business days after the returned item arrives at our warehouse.

## Shipping

Orders placed before 14:00 on a weekday leave the warehouse the same day. Standard shipping
takes 2 to 4 business days; express shipping arrives the next business day.

## Warranty

Every product carries a two-year warranty against manufacturing defects.

## Customer service

Customer service answers by chat and phone from 08:00 to 20:00, Monday to Saturday.
`,
};

/** A question for each intent the demo answers with (printed by `npm start`, used by its test). */
export const DEMO_QUESTIONS = {
  vanilla: 'Hi, who are you?',
  rag: 'How many days do I have to return an item?',
  tools: 'What is the status of order 1234?',
  rag_tools: 'Where is order 1234, and how many days do I have to return it?',
} as const;

async function call<T>(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}/manage${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`demo project: ${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/** How long the first start waits for the handbook to be indexed (it takes well under a second). */
const HANDBOOK_WAIT_MS = 30_000;

/** The first time: switches tools and knowledge on and adds the handbook. Every time: points the tool at `toolUrl`. */
export async function seedDemoContent(baseUrl: string, ownerToken: string, projectId: string, toolUrl: string): Promise<void> {
  const project = `/projects/${projectId}`;
  const { documents } = await call<DocumentList>(baseUrl, ownerToken, 'GET', `${project}/knowledge`);
  // Once: an owner who switches them off later keeps them off across restarts.
  if (!documents.some((d) => d.name === DEMO_DOCUMENT.name)) {
    await call(baseUrl, ownerToken, 'PATCH', project, { toolsEnabled: true, ragEnabled: true } satisfies ProjectPatch);
    const { id } = await call<DocumentView>(baseUrl, ownerToken, 'POST', `${project}/knowledge`, DEMO_DOCUMENT);
    // Ingestion runs on after the 202: the launcher says "ready" only once the handbook can be
    // searched, or the banner's first rag question, asked at once, is answered without it.
    for (let waited = 0; waited < HANDBOOK_WAIT_MS; waited += 100) {
      const { status } = await call<DocumentView>(baseUrl, ownerToken, 'GET', `${project}/knowledge/${id}`);
      if (status === 'ready' || status === 'failed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const tool: ToolInput = { ...DEMO_TOOL, parameters: DEMO_TOOL.parameters, forwardHeaders: [], url: toolUrl };
  const { tools } = await call<ToolList>(baseUrl, ownerToken, 'GET', `${project}/tools`);
  const existing = tools.find((t) => t.name === DEMO_TOOL.name);
  if (existing) await call(baseUrl, ownerToken, 'PUT', `${project}/tools/${existing.id}`, tool);
  else await call(baseUrl, ownerToken, 'POST', `${project}/tools`, tool);
}

/** The project's current signing secrets (the previous one too while it is in its grace period). */
export async function signingSecrets(baseUrl: string, ownerToken: string, projectId: string): Promise<string[]> {
  const s = await call<{ secret: string; previous: { secret: string } | null }>(baseUrl, ownerToken, 'GET', `/projects/${projectId}/signing-secret`);
  return [s.secret, ...(s.previous ? [s.previous.secret] : [])];
}
