// Each evaluation corpus's labelled retrieval questions.
import type { PackagedCorpus } from '../corpus.js';
import { RETRIEVAL_SET, type LabelledQuestion } from './retrieval.js';
import { SQLITE_RETRIEVAL_SET } from './retrievalSqlite.js';
import { PYTHON_RETRIEVAL_SET } from './retrievalPython.js';
import { PGPOOL_RETRIEVAL_SET } from './retrievalPgpool.js';

export const RETRIEVAL_SETS: Record<PackagedCorpus, LabelledQuestion[]> = {
  git: RETRIEVAL_SET,
  sqlite: SQLITE_RETRIEVAL_SET,
  python: PYTHON_RETRIEVAL_SET,
  pgpool: PGPOOL_RETRIEVAL_SET,
};
