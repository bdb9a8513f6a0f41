// The labelled retrieval set over Python's documentation (eval/corpus.ts, `python`): the third
// corpus, Sphinx HTML, written after every fusion, answer and routing parameter was chosen and
// never used to choose any (24 questions, written before any answer was read). Same shape as the
// other sets: `lexical` questions name the function, `paraphrase` ones say what it does instead.
import { labelledQuestions, type RetrievalQuestion } from './retrieval.js';

const LEXICAL: Omit<RetrievalQuestion, 'kind'>[] = [
  { q: 'What does shutil.rmtree do?', pages: ['library/shutil'], term: 'rmtree' },
  { q: 'How does json.dumps use its indent argument?', pages: ['library/json'], term: 'indent' },
  { q: 'What does the recursive flag of glob.glob do with "**"?', pages: ['library/glob'], term: 'recursive' },
  { q: 'What is collections.Counter?', pages: ['library/collections'], term: 'Counter' },
  { q: 'What does functools.lru_cache do?', pages: ['library/functools'], term: 'lru_cache' },
  { q: 'What does subprocess.run return?', pages: ['library/subprocess'], term: 'CompletedProcess' },
  { q: 'How do I use nargs with argparse add_argument?', pages: ['library/argparse', 'howto/argparse'], term: 'nargs' },
  { q: 'What does itertools.groupby do?', pages: ['library/itertools'], term: 'groupby' },
  { q: 'What does tempfile.NamedTemporaryFile do?', pages: ['library/tempfile'], term: 'NamedTemporaryFile' },
  { q: 'What does heapq.heappush do?', pages: ['library/heapq'], term: 'heappush' },
  { q: 'What does secrets.token_hex return?', pages: ['library/secrets'], term: 'token_hex' },
  { q: 'What does contextlib.suppress do?', pages: ['library/contextlib'], term: 'suppress' },
];
const PARAPHRASE: Omit<RetrievalQuestion, 'kind'>[] = [
  { q: 'How do I delete a whole directory tree including everything inside it?', pages: ['library/shutil'], term: 'rmtree' },
  { q: 'How can I make my program remember the results of expensive function calls?', pages: ['library/functools'], term: 'cache' },
  { q: 'How do I count how many times each item appears in a list?', pages: ['library/collections'], term: 'Counter' },
  { q: 'How do I run another program and capture what it prints?', pages: ['library/subprocess'], term: 'subprocess' },
  { q: 'How can I create a file that is removed automatically when I am done with it?', pages: ['library/tempfile'], term: 'TemporaryFile' },
  { q: 'How do I always get the smallest item quickly from a collection that keeps growing?', pages: ['library/heapq'], term: 'heap' },
  { q: 'How do I generate a random password that is safe for security purposes?', pages: ['library/secrets'], term: 'secrets' },
  { q: 'How do I find all files whose names match a pattern like *.txt in a folder and its subfolders?', pages: ['library/glob', 'library/pathlib'], term: 'glob' },
  { q: 'How do I read command-line options and print a help message for my script?', pages: ['library/argparse', 'howto/argparse'], term: 'argparse' },
  { q: 'How do I write rows of data to a comma separated file that a spreadsheet can open?', pages: ['library/csv'], term: 'writer' },
  { q: 'How can my code wait for several network downloads at the same time without threads?', pages: ['library/asyncio-task'], term: 'gather' },
  { q: 'How do I measure how long a small piece of code takes to run?', pages: ['library/timeit'], term: 'timeit' },
];
export const PYTHON_RETRIEVAL_SET = labelledQuestions(LEXICAL, PARAPHRASE);
