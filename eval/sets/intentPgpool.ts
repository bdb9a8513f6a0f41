// The labelled intent set over pgpool-II's manual (eval/corpus.ts, `pgpool`), with the same two
// tools as the other sets. Written on 2026-12-02, after every threshold and parameter was chosen,
// and never used to choose any: PostgreSQL's documentation toolchain, a connection pooler's words
// ("pool", "node", "health", "watchdog"). Some `vanilla` prompts share words with the manual on
// purpose (a swimming pool, a dog, a health tip, a load to carry).
import { labelledIntents, type ToolName } from './intent.js';

const VANILLA: string[] = [
  'Good morning!',
  'How are you today?',
  'Tell me a fun fact.',
  'What is 12 times 12?',
  'What is 100 divided by 4?',
  'Thank you, that was helpful.',
  'Who painted the Mona Lisa?',
  'What is the capital of Canada?',
  'How often should I clean my swimming pool?',
  'What is a good name for a dog?',
  'Give me a tip for staying healthy in winter.',
  'How do I lift a heavy load without hurting my back?',
  'Write a short poem about the sea.',
  'What should I pack for a weekend trip?',
  'Goodbye!',
  'How many legs does a spider have?',
];

const RAG: string[] = [
  'How do I start pgpool?',
  'What is the watchdog in Pgpool-II?',
  'How does Pgpool-II load balancing decide where a SELECT goes?',
  'How do I configure pool_hba.conf?',
  'What does the in-memory query cache do?',
  'How do I stop Pgpool-II?',
  'What is online recovery?',
  'How do I set backend_hostname and backend_port for each node?',
  'What does pcp_node_info show?',
  'How does Pgpool-II authenticate clients?',
  'What does SHOW POOL_PROCESSES report?',
  'What is streaming replication mode in Pgpool-II?',
  'How do I enable SSL in Pgpool-II?',
  'What is the pcp.conf file for?',
  'What happens on failover in Pgpool-II?',
  'What are the restrictions of Pgpool-II?',
];

const TOOLS: { message: string; tool: ToolName }[] = [
  { message: 'Where is order 40512?', tool: 'order_status' },
  { message: 'What is the weather like in Tokyo?', tool: 'get_weather' },
  { message: 'Can you check on order 77031 for me?', tool: 'order_status' },
  { message: 'Is it snowing in Denver?', tool: 'get_weather' },
  { message: 'Has my order 12998 shipped yet?', tool: 'order_status' },
  { message: 'What is the temperature in Athens right now?', tool: 'get_weather' },
  { message: 'status of order 56120', tool: 'order_status' },
  { message: 'weather Toronto', tool: 'get_weather' },
];

const RAG_TOOLS: { message: string; tool: ToolName }[] = [
  { message: 'Where is order 31877, and how do I attach a node with pcp_attach_node?', tool: 'order_status' },
  { message: "What's the weather in Berlin, and what does num_init_children set?", tool: 'get_weather' },
  { message: 'Check order 90021 and tell me what the watchdog does.', tool: 'order_status' },
  { message: 'Is it raining in Seattle? Also, how do I enable load balancing in Pgpool-II?', tool: 'get_weather' },
  { message: 'Has order 45873 arrived, and what does health_check_period do?', tool: 'order_status' },
  { message: 'Weather in Rome please, and how do I configure failover_command?', tool: 'get_weather' },
  { message: 'Look up order 26604 for me, then explain what the query cache is.', tool: 'order_status' },
  { message: 'How windy is it in Wellington? And what does SHOW POOL_NODES display?', tool: 'get_weather' },
];

export const PGPOOL_INTENT_SET = labelledIntents({ vanilla: VANILLA, rag: RAG, tools: TOOLS, ragTools: RAG_TOOLS });
