// Concepts in retrieval and in the offline answer: a question that describes a thing without
// naming it ("a database that lives only in RAM") finds the page that names it, and the answer
// quotes the sentence with the name.
import { extractiveAnswer } from '../../providers/kinds/local/answer.js';
import { conceptsOf } from '../../text/concepts.js';
import { terms } from '../../text/terms.js';
import { closeDb, db } from '../stack/context.js';
import { lexicalRanking } from './ingestDirect.js';

afterAll(closeDb);

const namesFor = (question: string) => conceptsOf(terms(question));

describe('conceptsOf', () => {
  it('names a concept only when every part of one of its cues is said, in any inflection', () => {
    expect(namesFor('How do I create a database that lives only in RAM?')).toContain('in-memory');
    expect(namesFor('How can I run some SQL automatically whenever a row is added?')).toContain('trigger');
    expect(namesFor('How do I put my unfinished edits aside for a while?')).toContain('stash');
    // One part of a cue is not enough: "row" alone is no trigger, "edits" alone no stash.
    expect(namesFor('How many rows can a table hold?')).not.toContain('trigger');
    expect(namesFor('Who edits the manual?')).not.toContain('stash');
    expect(namesFor('What is the weather in Paris?')).toEqual([]);
  });

  it("names what a database server's administrator describes: a setting for one session, its default back, idle clients, a standby made primary", () => {
    expect(namesFor('How do I change a parameter only for my current session?')).toContain('set');
    expect(namesFor('How do I put all my settings back to their defaults?')).toContain('reset');
    expect(namesFor('Can idle clients be disconnected after a few minutes?')).toContain('timeout');
    expect(namesFor('How do I make a standby the new primary?')).toContain('promote');
    expect(namesFor('How do I keep passwords out of the file in plain text?')).toContain('encryption');
    // Nor from one part alone: a default is no reset, a session no setting of its own.
    expect(namesFor('What is the default port?')).not.toContain('reset');
    expect(namesFor('How long does a session last?')).not.toContain('local');
  });

  it("names a database server's settings and maintenance that a question describes: memory for sorts, dead rows, who may connect", () => {
    expect(namesFor('How much memory can a sort use before it spills to disk?')).toContain('work_mem');
    expect(namesFor('How do I get rid of the space taken by dead rows?')).toContain('vacuum');
    expect(namesFor('Which file says which hosts and users are allowed to connect?')).toContain('pg_hba.conf');
    expect(namesFor('How do I give a role read access to every table created in the future?')).toContain('default');
    expect(namesFor('How do I rebuild a corrupted index?')).toContain('reindex');
    // One part of a cue is not enough: memory alone is no work_mem, a row no vacuum, a host no pg_hba.conf.
    expect(namesFor('How much memory does the server need?')).not.toContain('work_mem');
    expect(namesFor('How do I sort rows by two columns?')).not.toContain('vacuum');
    expect(namesFor('Which host runs the server?')).not.toContain('pg_hba.conf');
  });

  it('reads a negative contraction as the "not" a cue says', () => {
    expect(namesFor("How do I delete the files git isn't tracking?")).toContain('untracked');
    expect(namesFor("Which files doesn't git track?")).toContain('untracked');
    expect(namesFor('Which files is git tracking?')).not.toContain('untracked');
  });

  it('leaves out the names the question already says', () => {
    expect(namesFor('Which trigger runs automatically whenever a row is inserted?')).not.toContain('trigger');
  });
});

it('finds the page that names what the question describes, only with concepts on', async () => {
  const pages = [
    { name: 'triggers.md', text: '## CREATE TRIGGER\n\nA trigger is SQL the database runs on INSERT, UPDATE or DELETE.' },
    { name: 'rows.md', text: '## Rows\n\nEach table holds rows.' },
    { name: 'billing.md', text: '## Invoices\n\nInvoices are sent monthly by email.' },
  ];
  const ranked = await lexicalRanking(db(), 'concepts', pages, 'How can I run some SQL automatically whenever a row is added to a table?');
  expect((await ranked({ conceptWeight: 0, synonymWeight: 0 }))[0]).toBe('rows.md');
  expect((await ranked({ conceptWeight: 1, synonymWeight: 0 }))[0]).toBe('triggers.md');
});

it("finds the setting a question describes on a server's configuration page, only with concepts on", async () => {
  const pages = [
    { name: 'runtime-config-resource.md', text: '## work_mem (integer)\n\nSets the base maximum amount of memory to be used by a query operation before writing to temporary disk files.' },
    { name: 'queries-order.md', text: '## Sorting Rows\n\nORDER BY sorts the rows of a query result in memory; a sort may be ascending or descending, and each sort key may be an expression.' },
    { name: 'billing.md', text: '## Invoices\n\nInvoices are sent monthly by email.' },
  ];
  const ranked = await lexicalRanking(db(), 'settings', pages, 'How much memory can a sort use before it spills?');
  expect((await ranked({ conceptWeight: 0, synonymWeight: 0 }))[0]).toBe('queries-order.md');
  expect((await ranked({ conceptWeight: 1, synonymWeight: 0 }))[0]).toBe('runtime-config-resource.md');
});

it('quotes the sentence that names the concept', () => {
  const passages = [
    // Each shares one word with the question ("edits", "back"); on a tie the first would be quoted.
    { source: 'git-commit.html#3', kind: 'chunk' as const, text: 'Edits are recorded by the next commit.' },
    { source: 'git-stash.html#0', kind: 'chunk' as const, text: 'Use git stash to record the current state of the working directory and go back to a clean one.' },
  ];
  expect(extractiveAnswer('How do I put my unfinished edits aside and get them back later?', passages, 1)).toContain('git stash');
});
