// The labelled retrieval set over SQLite's documentation (eval/corpus.ts, `sqlite`): the second
// corpus, written after the fusion and answer parameters were chosen on the Git manual's tuning
// half and never used to choose any, so all of it measures how the offline retrieval carries
// over to documentation it was not tuned on. Same shape as the Git set: each question names the
// page(s) that answer it and the key term (statement, pragma, function, keyword) a right answer
// contains; `lexical` questions share the term with the page, `paraphrase` ones do not.
import { labelledQuestions, type RetrievalQuestion } from './retrieval.js';

const LEXICAL: Omit<RetrievalQuestion, 'kind'>[] = [
  { q: 'What does the AUTOINCREMENT keyword do on an INTEGER PRIMARY KEY column?', pages: ['autoinc'], term: 'AUTOINCREMENT' },
  { q: 'What does the VACUUM command do?', pages: ['lang_vacuum'], term: 'VACUUM' },
  { q: 'What is write-ahead logging (WAL) mode?', pages: ['wal'], term: 'WAL' },
  { q: 'How do I turn on enforcement with PRAGMA foreign_keys?', pages: ['foreignkeys', 'pragma'], term: 'foreign_keys' },
  { q: 'How does an UPSERT with ON CONFLICT DO UPDATE work?', pages: ['lang_upsert', 'lang_insert'], term: 'DO UPDATE' },
  { q: 'Which format substitutions does strftime() accept?', pages: ['lang_datefunc'], term: 'strftime' },
  { q: 'What does json_extract() return?', pages: ['json1'], term: 'json_extract' },
  { q: 'What does a STRICT table enforce?', pages: ['stricttables'], term: 'STRICT' },
  { q: 'What is a column declared GENERATED ALWAYS AS?', pages: ['gencol'], term: 'generated' },
  { q: 'What is a partial index, and what may its WHERE clause contain?', pages: ['partialindex'], term: 'partial index' },
  { q: 'Can CREATE INDEX index an expression instead of a column?', pages: ['expridx', 'lang_createindex'], term: 'expression' },
  { q: 'When should I use a WITHOUT ROWID table?', pages: ['withoutrowid'], term: 'WITHOUT ROWID' },
  { q: 'How do I open a :memory: database?', pages: ['inmemorydb'], term: ':memory:' },
  { q: 'What does ATTACH DATABASE do?', pages: ['lang_attach'], term: 'ATTACH' },
  { q: 'How do SAVEPOINT and RELEASE work?', pages: ['lang_savepoint'], term: 'SAVEPOINT' },
  { q: 'What does EXPLAIN QUERY PLAN show?', pages: ['eqp', 'lang_explain'], term: 'QUERY PLAN' },
  { q: 'What statistics does the ANALYZE command gather?', pages: ['lang_analyze'], term: 'ANALYZE' },
  { q: 'How do window functions with OVER and PARTITION BY work?', pages: ['windowfunctions'], term: 'PARTITION BY' },
  { q: 'How does a WITH RECURSIVE common table expression work?', pages: ['lang_with'], term: 'RECURSIVE' },
  { q: 'What does the RETURNING clause return?', pages: ['lang_returning'], term: 'RETURNING' },
  { q: 'What is type affinity in SQLite?', pages: ['datatype3'], term: 'affinity' },
  { q: 'How does the .import command of the sqlite3 shell load a CSV file?', pages: ['cli'], term: '.import' },
  { q: 'How does the online backup API copy a database?', pages: ['backup'], term: 'backup' },
  { q: 'How do I query an FTS5 table with MATCH?', pages: ['fts5'], term: 'MATCH' },
  { q: 'What is the difference between BEGIN DEFERRED and BEGIN IMMEDIATE?', pages: ['lang_transaction'], term: 'IMMEDIATE' },
  { q: 'What does PRAGMA busy_timeout set?', pages: ['pragma'], term: 'busy_timeout' },
  { q: 'What is the R*Tree module for?', pages: ['rtree'], term: 'rtree' },
  { q: 'How do I use ALTER TABLE RENAME COLUMN?', pages: ['lang_altertable'], term: 'RENAME COLUMN' },
  { q: 'When does an AFTER INSERT trigger fire?', pages: ['lang_createtrigger'], term: 'TRIGGER' },
  { q: 'What does the generate_series table-valued function produce?', pages: ['series'], term: 'generate_series' },
];

const PARAPHRASE: Omit<RetrievalQuestion, 'kind'>[] = [
  { q: 'How do I make sure the ids of deleted rows are never handed out again to new rows?', pages: ['autoinc'], term: 'AUTOINCREMENT' },
  { q: 'How can I shrink the database file after deleting lots of data?', pages: ['lang_vacuum'], term: 'VACUUM' },
  { q: 'How can readers keep reading while another connection is writing?', pages: ['wal', 'isolation'], term: 'WAL' },
  { q: 'Why is a row that points at a missing parent row accepted when I delete the parent?', pages: ['foreignkeys'], term: 'foreign_keys' },
  { q: 'How do I add a row, or change the existing one when it would collide with a unique key?', pages: ['lang_upsert', 'lang_insert', 'lang_conflict'], term: 'ON CONFLICT' },
  { q: 'How do I turn a timestamp into text like year-month-day?', pages: ['lang_datefunc'], term: 'strftime' },
  { q: 'How do I pull one field out of a JSON document stored in a column?', pages: ['json1'], term: 'json_extract' },
  { q: 'How can I make a table refuse values of the wrong type instead of storing them anyway?', pages: ['stricttables'], term: 'STRICT' },
  { q: "Can a column's value be computed automatically from other columns of the same row?", pages: ['gencol'], term: 'generated' },
  { q: 'Can I index only the rows that satisfy some condition?', pages: ['partialindex'], term: 'partial' },
  { q: 'How do I speed up lookups on a computed value such as the lower case of a name?', pages: ['expridx', 'lang_createindex'], term: 'expression' },
  { q: 'Can a table be stored in the order of its primary key rather than by a hidden integer key?', pages: ['withoutrowid'], term: 'WITHOUT ROWID' },
  { q: 'How do I create a database that lives only in RAM and disappears when it is closed?', pages: ['inmemorydb'], term: ':memory:' },
  { q: 'How can one connection query tables from two different database files together?', pages: ['lang_attach'], term: 'ATTACH' },
  { q: 'How can I undo part of a transaction without abandoning all of it?', pages: ['lang_savepoint'], term: 'SAVEPOINT' },
  { q: 'How can I see whether a query will use an index or scan the whole table?', pages: ['eqp', 'queryplanner', 'lang_explain'], term: 'QUERY PLAN' },
  { q: "How do I help the optimizer pick better indexes by measuring what is in my tables?", pages: ['lang_analyze', 'optoverview'], term: 'ANALYZE' },
  { q: 'How can I compute a running total beside each row without collapsing the rows into groups?', pages: ['windowfunctions'], term: 'window' },
  { q: 'How do I walk a tree of parent and child rows stored in one table with a single query?', pages: ['lang_with'], term: 'RECURSIVE' },
  { q: 'Can a statement that adds rows hand back the values of the rows it just added?', pages: ['lang_returning'], term: 'RETURNING' },
  { q: 'Why can I store text in a column declared as an integer?', pages: ['datatype3', 'quirks'], term: 'affinity' },
  { q: 'How do I load a spreadsheet saved as comma-separated values into a table from the command-line tool?', pages: ['cli', 'csv'], term: 'import' },
  { q: 'How can I copy a live database to another file while it is still in use?', pages: ['backup', 'lang_vacuum'], term: 'backup' },
  { q: 'How can I search a column of documents for words quickly, like a search engine does?', pages: ['fts5'], term: 'fts5' },
  { q: 'How do I take the write lock when a transaction starts rather than at its first write?', pages: ['lang_transaction'], term: 'IMMEDIATE' },
  { q: 'How do I make a connection wait and retry instead of failing at once when the database is locked?', pages: ['pragma', 'rescode'], term: 'busy' },
  { q: 'How do I quickly find which rectangles or bounding boxes overlap a given area?', pages: ['rtree'], term: 'rtree' },
  { q: 'How do I change the name of a field in an existing table?', pages: ['lang_altertable'], term: 'RENAME COLUMN' },
  { q: 'How can I run some SQL automatically whenever a row is added to a table?', pages: ['lang_createtrigger'], term: 'TRIGGER' },
  { q: 'How do I get a sequence of numbers from 1 to 100 as rows without a table holding them?', pages: ['series', 'lang_with'], term: 'generate_series' },
];

export const SQLITE_RETRIEVAL_SET = labelledQuestions(LEXICAL, PARAPHRASE);
