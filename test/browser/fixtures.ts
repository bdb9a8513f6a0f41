// What the owner enters in both walks (console and management API alone).
export const password = 'correct horse battery staple';
export const newEmail = (tag: string) => `${tag}-${process.pid}-${Date.now()}@example.test`;

export const returnsDoc = {
  name: 'returns.md',
  text: '# Returns\n\nItems can be returned within 60 days of delivery. Refunds reach your card within 5 business days.\n',
};

export const orderTool = (url: string) => ({
  name: 'orderStatus',
  description: 'Shipping status of an order by its number',
  parameters: { type: 'object', properties: { orderNumber: { type: 'integer', description: 'The order number' } }, required: ['orderNumber'] },
  url,
  method: 'POST',
  timeoutMs: 5000,
  forwardHeaders: ['X-Locale'],
});

/** Matches the tool by name and the document by its words, so the answer uses both. */
export const question = 'What is the shipping status of order 1234, and within how many days can items be returned?';
