// The labelled intent set over SQLite's documentation (eval/corpus.ts, `sqlite`), with the same
// two tools as the Git set. Written after the router's thresholds were calibrated on the Git
// manual and never used to choose any: it measures how the offline router carries over to a
// corpus it was not tuned on. Some `vanilla` prompts share words with that documentation on
// purpose (leap years and time zones are in its date functions; "order" is ORDER BY's word).
import { labelledIntents, type ToolName } from './intent.js';

const VANILLA: string[] = [
  'Hello!',
  'Good evening, how is it going?',
  'Tell me something funny.',
  'What is 12 plus 30?',
  'What is 9 squared?',
  'Thank you so much!',
  'Who painted the Mona Lisa?',
  'What is the tallest mountain in the world?',
  'Suggest a name for my cat.',
  'Write a short poem about the sea.',
  'How many days are in a leap year?',
  'What time zone is Tokyo in?',
  'Can you help me plan a birthday party?',
  'What is the boiling point of water?',
  'Goodbye!',
  'How do I make pancakes?',
];

const RAG: string[] = [
  'How do I create a table in SQLite?',
  'What does the DISTINCT keyword do in a SELECT?',
  'How do I delete rows from a table?',
  'What is the maximum length of a string in SQLite?',
  'How does LIMIT and OFFSET work in a query?',
  'What does PRAGMA journal_mode do?',
  'How do I create a view?',
  'What does the COALESCE function return?',
  'How do I drop an index?',
  'What collating sequences does SQLite have built in?',
  'How do I count the rows in a table?',
  'What does the REPLACE conflict resolution algorithm do?',
  'How do I write a CASE expression?',
  'What does the GLOB operator match?',
  'What is the rowid of a table?',
  'How do I round a number in SQL?',
];

const TOOLS: { message: string; tool: ToolName }[] = [
  { message: 'Where is order 61533?', tool: 'order_status' },
  { message: 'What is the weather like in Rome?', tool: 'get_weather' },
  { message: 'Status of my order 40078, please.', tool: 'order_status' },
  { message: 'Will it snow in Zurich today?', tool: 'get_weather' },
  { message: 'Has my order 12244 been delivered yet?', tool: 'order_status' },
  { message: 'Is it warm in Athens right now?', tool: 'get_weather' },
  { message: 'order 90210 where is it', tool: 'order_status' },
  { message: 'weather in Prague', tool: 'get_weather' },
  { message: 'I am still waiting for order 51800. Can you look it up?', tool: 'order_status' },
  { message: 'How is the weather in Warsaw this morning?', tool: 'get_weather' },
  { message: 'When will order 77019 arrive?', tool: 'order_status' },
  { message: 'Is it foggy in San Francisco?', tool: 'get_weather' },
];

const RAG_TOOLS: { message: string; tool: ToolName }[] = [
  { message: 'Where is order 61001, and how do I sort query results with ORDER BY?', tool: 'order_status' },
  { message: "What's the weather in Oslo, and how do I create an index in SQLite?", tool: 'get_weather' },
  { message: 'Check order 33120 and tell me what VACUUM does.', tool: 'order_status' },
  { message: 'Is it raining in Bergen? Also, how do I add a column with ALTER TABLE?', tool: 'get_weather' },
  { message: 'Has order 80015 shipped, and what does a LEFT JOIN return?', tool: 'order_status' },
  { message: 'Weather in Milan please, and how do I start a transaction?', tool: 'get_weather' },
  { message: 'Look up order 22047 for me, then explain what a trigger is.', tool: 'order_status' },
  { message: 'How cold is it in Oulu? And what does PRAGMA foreign_keys do?', tool: 'get_weather' },
  { message: 'Did order 45590 arrive yet, and how do I use GROUP BY?', tool: 'order_status' },
  { message: 'What is the temperature in Seville, and how does the json_extract function work?', tool: 'get_weather' },
  { message: 'Status of order 60660? And how do I attach another database file?', tool: 'order_status' },
  { message: 'Is it sunny in Nice, and what is write-ahead logging?', tool: 'get_weather' },
];

export const SQLITE_INTENT_SET = labelledIntents({ vanilla: VANILLA, rag: RAG, tools: TOOLS, ragTools: RAG_TOOLS });
