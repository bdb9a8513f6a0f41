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
