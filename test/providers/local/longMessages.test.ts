// The longest message the contract allows (MAX_MESSAGE_CHARS), in the shapes that made the offline
// router's and answer's patterns slow or fail: a run of spaces (the arithmetic check looked back
// over it for every operator: 8,000 spaces took 440 s), a run of one pattern with no space (a
// dotted name looked for from every hyphen in it; a name made of thousands of characters, a
// pattern too big to compile). Each is routed and answered as its short form is.
import { MAX_MESSAGE_CHARS } from '@askflow/contract';
import { extractiveAnswer } from '../../../providers/kinds/local/answer.js';
import { routeLocally } from '../../../providers/kinds/local/router.js';
import { KNOWLEDGE_TOOL, type ToolSpec } from '../../../providers/types.js';

const orderStatus: ToolSpec = {
  name: 'order_status',
  description: 'Look up the shipping status and delivery estimate of a customer order by its order id.',
  parameters: { type: 'object', required: ['order_id'], properties: { order_id: { type: 'string', description: 'The order id or number, e.g. 48213' } } },
};
const tools = [KNOWLEDGE_TOOL, orderStatus];
const passages = [{ source: 'orders.md#0', text: 'Orders ship within two days. ORD-1 is an example order code. Use a_b for the setting.' }];

/** `head`, then `unit` over and over, cut to the longest message allowed. */
const longest = (head: string, unit: string) => `${(head + unit.repeat(Math.ceil(MAX_MESSAGE_CHARS / unit.length))).slice(0, MAX_MESSAGE_CHARS - 1)}?`;

/** Each test's bound: the spaces alone took hours before. */
const BOUND_MS = 60_000;

test('a request with thousands of spaces inside is routed as it is with one', async () => {
  const message = `where is order 48213${' '.repeat(MAX_MESSAGE_CHARS - 30)}please?`;
  expect(message.length).toBeLessThanOrEqual(MAX_MESSAGE_CHARS);
  const route = await routeLocally(message, tools, undefined);
  expect(route.calls.map((c) => [c.name, c.arguments])).toEqual([['order_status', { order_id: '48213' }]]);
  expect((await routeLocally('where is order 48213 please?', tools, undefined)).calls).toEqual(route.calls);
}, BOUND_MS);

test.each([
  ['hyphens', 'a-b'],
  ['underscores', 'a_b'],
  ['reference codes', 'ORD-1-'],
  ['dots', 'a.b'],
])('a question that is one run of %s, as long as a message may be, is searched for and answered from what the passages say', async (_, unit) => {
  const message = longest('how do I set ', unit);
  const route = await routeLocally(message, tools, undefined);
  expect(route.calls.map((c) => c.name)).toEqual(['search_knowledge']);
  expect(extractiveAnswer(message, passages)).toMatch(/\(orders\.md\)$/);
}, BOUND_MS);

test('a message listing more orders than a round may look up calls for the first ones and says how many it left', async () => {
  const numbers = Array.from({ length: 2_000 }, (_, i) => String(10_000 + i));
  const message = numbers.map((n) => `where is order ${n}?`).join(' ').slice(0, MAX_MESSAGE_CHARS).replace(/ [^ ]*$/, '');
  const asked = message.split('?').length - 1;
  expect(asked).toBeGreaterThan(1_000);
  for (const [offered, looked] of [[tools, 9], [[orderStatus], 10]] as const) {
    const route = await routeLocally(message, [...offered], undefined);
    // One call of the round stays free for the knowledge search when it is offered.
    expect(route.calls.map((c) => c.arguments.order_id)).toEqual(numbers.slice(0, looked));
    expect(route.reason).toContain(`${asked - looked} more requests not made: at most ${looked} of a message's requests are looked up at once`);
  }
  // Asked again after the limit, an order looked up already is no request left out.
  const again = `${numbers.slice(0, 12).map((n) => `where is order ${n}?`).join(' ')} where is order ${numbers[0]!} again?`;
  expect((await routeLocally(again, [orderStatus], undefined)).leftOut).toBe(2);
}, BOUND_MS);
