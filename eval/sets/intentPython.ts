// The labelled intent set over Python's documentation (eval/corpus.ts, `python`), with the same
// two tools as the other sets. Written after every threshold and parameter was chosen, and never
// used to choose any: a third generator's HTML (Sphinx), to see what carries over. Some `vanilla`
// prompts share words with the manual on purpose (a snake, a random number, the time in a city).
import { labelledIntents, type ToolName } from './intent.js';

const VANILLA: string[] = [
  'Hey, good afternoon!',
  'How is your day going?',
  'Tell me a riddle.',
  'What is 45 minus 17?',
  'What is 7 times 8?',
  'Thanks a lot, bye!',
  'Who discovered penicillin?',
  'What is the largest ocean on Earth?',
  'Pick a random number between 1 and 10 for me.',
  'Write a limerick about a cat.',
  'How long does a python snake live?',
  'What time is it in Sydney right now?',
  'What should I cook for dinner tonight?',
  'How far is the Moon from the Earth?',
  'See you later!',
  'What is a good name for a goldfish?',
];

const RAG: string[] = [
  'How do I open a file for reading in Python?',
  'What does the enumerate function return?',
  'How do I define a class with a constructor?',
  'What is a list comprehension?',
  'How do I handle an exception with try and except?',
  'What does os.listdir return?',
  'How do I parse a date string with datetime.strptime?',
  'What does the with statement do for files?',
  'How do I create a virtual environment?',
  'What does json.loads do?',
  'How do I sort a list of dictionaries by a key?',
  'What does the logging.basicConfig function configure?',
  'How do I split a string with a regular expression?',
  'What is a dataclass?',
  'How do I start a thread?',
  'What does sys.argv contain?',
];

const TOOLS: { message: string; tool: ToolName }[] = [
  { message: 'Where is order 73421?', tool: 'order_status' },
  { message: 'What is the weather like in Lisbon?', tool: 'get_weather' },
  { message: 'Can you check the status of order 15590?', tool: 'order_status' },
  { message: 'Is it raining in Dublin right now?', tool: 'get_weather' },
  { message: 'Has order 88102 shipped?', tool: 'order_status' },
  { message: 'How hot is it in Cairo today?', tool: 'get_weather' },
  { message: 'order 30417 status', tool: 'order_status' },
  { message: 'weather Helsinki', tool: 'get_weather' },
  { message: 'My order 66254 has not arrived. Where is it?', tool: 'order_status' },
  { message: 'What are the conditions in Vienna this evening?', tool: 'get_weather' },
  { message: 'When does order 41876 get delivered?', tool: 'order_status' },
  { message: 'Is it windy in Chicago?', tool: 'get_weather' },
];

const RAG_TOOLS: { message: string; tool: ToolName }[] = [
  { message: 'Where is order 52310, and how do I read a CSV file in Python?', tool: 'order_status' },
  { message: "What's the weather in Madrid, and what does the zip function do?", tool: 'get_weather' },
  { message: 'Check order 27781 and tell me what a generator is.', tool: 'order_status' },
  { message: 'Is it snowing in Oslo? Also, how do I install a package with pip?', tool: 'get_weather' },
  { message: 'Has order 90346 arrived, and what does pathlib.Path.glob do?', tool: 'order_status' },
  { message: 'Weather in Munich please, and how do I write a unit test?', tool: 'get_weather' },
  { message: 'Look up order 18825 for me, then explain what a decorator is.', tool: 'order_status' },
  { message: 'How cold is it in Reykjavik? And what does subprocess.run return?', tool: 'get_weather' },
  { message: 'Did order 73019 ship yet, and how do I format a string with f-strings?', tool: 'order_status' },
  { message: 'What is the temperature in Porto, and how does collections.deque work?', tool: 'get_weather' },
  { message: 'Status of order 64402? And how do I make an HTTP request with urllib?', tool: 'order_status' },
  { message: 'Is it sunny in Valencia, and what is the GIL?', tool: 'get_weather' },
];

export const PYTHON_INTENT_SET = labelledIntents({ vanilla: VANILLA, rag: RAG, tools: TOOLS, ragTools: RAG_TOOLS });
