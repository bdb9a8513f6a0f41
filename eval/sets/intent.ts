// The labelled intent set: what a user of a project with the Git manual as knowledge and two
// tools (`order_status`, `get_weather`) might send, and the intent the ask should report.
// `vanilla`: greetings, small talk, jokes, arithmetic and questions the manual cannot answer;
// `rag`: questions the manual answers; `tools`: one of the two tools is needed (several shapes
// of asking); `rag_tools`: both. Prompts alternate between the tuning and held-out halves.
import type { Intent } from '@askflow/contract';
import { halves, type Split } from './halves.js';

export type ToolName = 'order_status' | 'get_weather';

export interface IntentPrompt {
  message: string;
  intent: Intent;
  /** For tools and rag_tools: the tool that should be called. */
  tool?: ToolName;
}

const VANILLA: string[] = [
  'Hi there!',
  'Good morning!',
  'Tell me a joke.',
  'What is 17 times 3?',
  'How are you today?',
  'Thanks, that was really helpful!',
  "What's 250 divided by 5?",
  'Who wrote Pride and Prejudice?',
  'What is the capital of Australia?',
  'Can you recommend a good pizza topping?',
  'Write a haiku about autumn.',
  "What's your name?",
  'Bye, see you tomorrow!',
  'How many legs does a spider have?',
  'How long should I boil an egg?',
  "How do you say 'thank you' in French?",
];

const RAG: string[] = [
  'How do I undo my last commit but keep the changes?',
  'What does git rebase --onto do?',
  'How do I rename a branch?',
  'How can I ignore files so git does not track them?',
  'What is a bare repository?',
  'How do I add a new remote?',
  'How do I sign a tag with GPG?',
  'How do I show the changes made by a single commit?',
  'How do I list all branches, including remote ones?',
  'What does fast-forward mean when merging?',
  'How can I change the editor git opens for commit messages?',
  'How do I delete a branch on the remote?',
  'What is the difference between fetch and pull?',
  'How do I set my user name and email for commits?',
  'How do I apply patches that I received by email?',
  'How can I search the working tree for a string?',
];

const TOOLS: { message: string; tool: ToolName }[] = [
  { message: 'Where is my order 48213?', tool: 'order_status' },
  { message: "What's the weather in Oslo?", tool: 'get_weather' },
  { message: 'Can you check the status of order #A-1042?', tool: 'order_status' },
  { message: 'Is it raining in Paris right now?', tool: 'get_weather' },
  { message: 'Has order 55120 shipped yet?', tool: 'order_status' },
  { message: 'How hot is it in Madrid today?', tool: 'get_weather' },
  { message: 'order 7781 status', tool: 'order_status' },
  { message: 'weather tokyo', tool: 'get_weather' },
  { message: 'I placed order 64002 last week. When will it arrive?', tool: 'order_status' },
  { message: 'Do I need an umbrella in London today?', tool: 'get_weather' },
  { message: 'Track my package please, the order number is 30017.', tool: 'order_status' },
  { message: "What's the temperature in New York?", tool: 'get_weather' },
  { message: 'Was order 99812 delivered?', tool: 'order_status' },
  { message: 'What are the current conditions in Berlin?', tool: 'get_weather' },
  { message: 'Any news on my order 20931?', tool: 'order_status' },
  { message: 'How cold is it in Helsinki at the moment?', tool: 'get_weather' },
];

const RAG_TOOLS: { message: string; tool: ToolName }[] = [
  { message: "What's the weather in Oslo, and how do I create a new git branch?", tool: 'get_weather' },
  { message: 'Has order 48213 shipped? Also, how do I revert a commit?', tool: 'order_status' },
  { message: 'Check the status of order 55021 and explain what git fetch does.', tool: 'order_status' },
  { message: 'Is it sunny in Rome today? And how can I see the history of one file?', tool: 'get_weather' },
  { message: 'Where is my order 73310, and how do I stash my changes?', tool: 'order_status' },
  { message: 'Tell me the weather in Dublin and how to clone a repository.', tool: 'get_weather' },
  { message: 'Look up order 10442 for me, then tell me how to undo git add.', tool: 'order_status' },
  { message: 'How warm is it in Lisbon? Also how do I delete a local branch?', tool: 'get_weather' },
  { message: 'Did order 88120 ship yet, and what does git cherry-pick do?', tool: 'order_status' },
  { message: 'Weather in Vienna please, and how do I tag a release?', tool: 'get_weather' },
  { message: 'Status of order 31415? And how do I see which files changed?', tool: 'order_status' },
  { message: 'Is it windy in Chicago, and how do I push a new branch to the remote?', tool: 'get_weather' },
  { message: 'Check order 27182 and tell me how to squash commits.', tool: 'order_status' },
  { message: 'What is the forecast for Stockholm, and how do I resolve a merge conflict?', tool: 'get_weather' },
];

/** A labelled set from prompts by intent, each list alternating between the tuning and held-out halves. */
export function labelledIntents(p: { vanilla: string[]; rag: string[]; tools: { message: string; tool: ToolName }[]; ragTools: { message: string; tool: ToolName }[] }): (IntentPrompt & { split: Split })[] {
  return [
    ...halves(p.vanilla.map((message) => ({ message, intent: 'vanilla' as const }))),
    ...halves(p.rag.map((message) => ({ message, intent: 'rag' as const }))),
    ...halves(p.tools.map((t) => ({ ...t, intent: 'tools' as const }))),
    ...halves(p.ragTools.map((t) => ({ ...t, intent: 'rag_tools' as const }))),
  ];
}

export const INTENT_SET = labelledIntents({ vanilla: VANILLA, rag: RAG, tools: TOOLS, ragTools: RAG_TOOLS });
