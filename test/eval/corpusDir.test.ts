// `npm run eval` over a folder of HTML pages (EVAL_CORPUS_DIR): which pages it ingests, and what
// it asks of the user when a folder's pages have no labelled questions of their own.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { labelledSet, readPage, selectedCorpus } from '../../eval/corpus.js';

describe('an evaluation over the HTML pages of a folder', () => {
  const folder = mkdtempSync(join(tmpdir(), 'askflow-corpus-'));
  const saved = { dir: process.env.EVAL_CORPUS_DIR, questions: process.env.EVAL_QUESTIONS };
  beforeAll(() => {
    mkdirSync(join(folder, 'sql'));
    writeFileSync(join(folder, 'index.html'), '<h1>Manual</h1>');
    writeFileSync(join(folder, 'sql', 'select.html'), '<h1>SELECT</h1><p>Retrieves rows.</p>');
    writeFileSync(join(folder, 'notes.txt'), 'not a page');
  });
  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
    for (const [k, v] of [['EVAL_CORPUS_DIR', saved.dir], ['EVAL_QUESTIONS', saved.questions]] as const) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });

  it('takes every HTML page under the folder, subfolders included, named by its path there', () => {
    process.env.EVAL_CORPUS_DIR = folder;
    const corpus = selectedCorpus();
    expect(corpus.pages).toEqual(['index', 'sql/select']);
    expect(readPage(corpus, 'sql/select')).toContain('Retrieves rows.');
  });

  it('asks for the questions in a file, and uses the file given', () => {
    process.env.EVAL_CORPUS_DIR = folder;
    delete process.env.EVAL_QUESTIONS;
    const corpus = selectedCorpus();
    expect(() => labelledSet(corpus, 'EVAL_QUESTIONS', { git: [], sqlite: [], python: [], pgpool: [] })).toThrow(/give one as a JSON file in EVAL_QUESTIONS/);
    const file = join(folder, 'questions.json');
    writeFileSync(file, JSON.stringify([{ q: 'How do I read rows?', pages: ['sql/select'], term: 'SELECT', kind: 'paraphrase', split: 'mine' }]));
    process.env.EVAL_QUESTIONS = file;
    expect(labelledSet(corpus, 'EVAL_QUESTIONS', { git: [], sqlite: [], python: [], pgpool: [] })).toHaveLength(1);
  });

  it('says so when the folder is missing or holds no page', () => {
    process.env.EVAL_CORPUS_DIR = join(folder, 'missing');
    expect(() => selectedCorpus()).toThrow(/no such folder/);
    const empty = mkdtempSync(join(tmpdir(), 'askflow-empty-'));
    process.env.EVAL_CORPUS_DIR = empty;
    expect(() => selectedCorpus()).toThrow(/no \.html page/);
    rmSync(empty, { recursive: true });
  });
});
