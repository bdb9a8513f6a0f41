// The document list in retrieval: documents ranked by the sum of their best chunks' BM25, fused
// beside the chunk list, so a page on which several passages each share some of the question's
// words can come before a page with one passage that shares more of them at once.
import { closeDb, db } from '../stack/context.js';
import { lexicalRanking } from './ingestDirect.js';

const DOCUMENTS = [
  {
    // Every section shares a few of the question's words: together the page answers it.
    name: 'logging.md',
    text: [
      '## Rotation\n\nThe service can rotate its logs on a schedule you choose.',
      '## Schedule\n\nRotation of the logs runs daily at midnight unless configured otherwise.',
      '## Archives\n\nOld archives are compressed with gzip after each rotation.',
      '## Retention\n\nCompressed archives are kept for thirty days, then deleted.',
    ].join('\n\n'),
  },
  {
    // One passage shares more of the words at once; the rest of the page is about other things.
    name: 'release-notes.md',
    text: [
      '## Version 2.3\n\nYou can now rotate old logs daily, compress the archives and choose how long they are kept.',
      '## Version 2.2\n\nThe dashboard loads faster and uses less memory.',
      '## Version 2.1\n\nSign-in supports single sign-on providers.',
    ].join('\n\n'),
  },
  { name: 'billing.md', text: '## Invoices\n\nInvoices are sent monthly by email.' },
];

const QUESTION = 'How do I rotate the logs daily and compress old archives, and how long are they kept?';

afterAll(closeDb);

it('puts the page whose passages together answer the question first when documents weigh in, the single best passage when they do not', async () => {
  // BM25 alone, so the two lists compared are the chunk list and the document list.
  const ranked = await lexicalRanking(db(), 'document list', DOCUMENTS, QUESTION);
  // The release note's one passage shares the most words: it leads the chunk list.
  expect((await ranked({ documentWeight: 0 }))[0]).toBe('release-notes.md');
  // The logging page's four passages add up to more: with documents weighed above single
  // passages it comes first. A page sharing no word is not brought in by either list.
  const withDocuments = await ranked({ documentWeight: 6 });
  expect(withDocuments[0]).toBe('logging.md');
  expect(withDocuments).not.toContain('billing.md');
});

// A reference manual's shape: a long page of settings says "session" and "setting" under entry
// after entry, and the short page on the one command the question is about says them once.
const SETTINGS = Array.from({ length: 12 }, (_, i) => `## option_${i}\n\nThis setting takes effect for each new session when it changes in the configuration file. It accepts values from zero up to ${i + 1} thousand; larger values are rounded down, and a value of zero turns the feature off entirely.`);
const MANUAL = [
  { name: 'settings.md', text: SETTINGS.join('\n\n') },
  { name: 'set-command.md', text: '## SET\n\nThe SET command changes a parameter for the current session only.' },
  // Pages on other subjects, so that the shared words are not in most of the project's passages.
  ...Array.from({ length: 40 }, (_, i) => ({ name: `topic-${i}.md`, text: `## Topic ${i}\n\nHow feature ${i} works, in short, with an example of it in practice.` })),
];

it('discounts the further passages of a long page, so the short page the question is about leads the document list', async () => {
  const ranked = await lexicalRanking(db(), 'document length', MANUAL, 'How do I change a setting for my current session?');
  // Documents weighed above single passages, so the document list decides the order.
  expect((await ranked({ documentWeight: 6, documentLengthNorm: 0 }))[0]).toBe('settings.md');
  expect((await ranked({ documentWeight: 6 }))[0]).toBe('set-command.md');
});
