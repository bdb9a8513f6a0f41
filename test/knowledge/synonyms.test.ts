// The thesaurus in retrieval: a question worded with a user's everyday word ("erase") finds the
// page written in the manual's word ("drop", "delete"), while the question's own words still
// weigh most.
import { synonymsOf } from '../../text/synonyms.js';
import { closeDb, db } from '../stack/context.js';
import { lexicalRanking } from './ingestDirect.js';

afterAll(closeDb);

describe('synonymsOf', () => {
  it("gives a word's group in any inflection, never the question's own words, nothing for words it does not hold", () => {
    expect(synonymsOf(['erasing'])).toEqual(expect.arrayContaining(['delete', 'remove', 'drop']));
    expect(synonymsOf(['deleted', 'remove'])).not.toEqual(expect.arrayContaining(['remove']));
    expect(synonymsOf(['deleted', 'remove'])).not.toContain('delete');
    expect(synonymsOf(['rebase', 'octopus'])).toEqual([]);
    // A server's roles as administrators say them and as replication manuals write them.
    expect(synonymsOf(['master'])).toContain('primary');
    expect(synonymsOf(['slaves'])).toEqual(expect.arrayContaining(['standby', 'replica']));
  });
});

it("finds the page written in the manual's word for the question's, only with the thesaurus on", async () => {
  const pages = [
    { name: 'drop-table.md', text: '## DROP TABLE\n\nDROP TABLE deletes a table, with its rows and indexes.' },
    { name: 'tables.md', text: '## Tables\n\nA table holds rows. Each table has columns, and a table can be partitioned by range.' },
    { name: 'billing.md', text: '## Invoices\n\nInvoices are sent monthly by email.' },
  ];
  const ranked = await lexicalRanking(db(), 'synonyms', pages, 'How do I erase a table?');
  // "erase" is in no page: only "table" matches, and the page saying it most leads.
  expect((await ranked({ synonymWeight: 0 }))[0]).toBe('tables.md');
  // Its group brings "drop" and "delete": the page that answers leads.
  const withThesaurus = await ranked({ synonymWeight: 0.2 });
  expect(withThesaurus[0]).toBe('drop-table.md');
  expect(withThesaurus).not.toContain('billing.md');
});
