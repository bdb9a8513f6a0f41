// Everyday phrases in retrieval: "shut it down", "at the same time", "falls behind" find the page
// that says "stop", "concurrent", "lag", though the question shares no other telling word with it.
import { phraseWordsOf } from '../../text/phrases.js';
import { closeDb, db } from '../stack/context.js';
import { lexicalRanking } from '../knowledge/ingestDirect.js';

afterAll(closeDb);

describe('phraseWordsOf', () => {
  it('reads a phrase in any form of its verb, its particle after a short object', () => {
    expect(phraseWordsOf('How do I shut the server down?')).toContain('stop');
    expect(phraseWordsOf('It keeps shutting down at night')).toContain('stop');
    expect(phraseWordsOf('The standby fell behind the primary')).toContain('lag');
    expect(phraseWordsOf('Clients were turned away')).toContain('reject');
    expect(phraseWordsOf('How many clients can connect at the same time?')).toContain('concurrent');
    expect(phraseWordsOf('Make it re-read its configuration')).toContain('reload');
    expect(phraseWordsOf('Can I turn it on for one session?')).toContain('enable');
  });

  it('needs the words together and in order', () => {
    // "shut" alone, the words apart or reversed, and "in" after anything but a pronoun mean nothing.
    expect(phraseWordsOf('Is the door shut?')).toEqual([]);
    expect(phraseWordsOf('Down the road the shop is shut.')).toEqual([]);
    expect(phraseWordsOf('Keep the last log lines in memory')).not.toContain('login');
    expect(phraseWordsOf('What is the weather in Paris?')).toEqual([]);
  });
});

it('finds the page worded in the documentation’s words, only with the phrases read', async () => {
  const pages = [
    { name: 'pcp-stop.md', text: '## pcp_stop\n\nStops the pool and terminates its processes.' },
    { name: 'pcp-remote.md', text: '## Remote administration\n\nThe pool accepts administration commands from another machine.' },
    { name: 'billing.md', text: '## Invoices\n\nInvoices are sent monthly by email.' },
  ];
  const ranked = await lexicalRanking(db(), 'phrases', pages, 'How do I shut the pool down from another machine?');
  // Read word by word, the question shares "pool" and "machine" with the wrong page.
  expect((await ranked({ conceptWeight: 0, synonymWeight: 0 }))[0]).toBe('pcp-remote.md');
  expect((await ranked({ conceptWeight: 1, synonymWeight: 0 }))[0]).toBe('pcp-stop.md');
});
