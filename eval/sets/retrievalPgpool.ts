// The labelled retrieval set over pgpool-II's manual (eval/corpus.ts, `pgpool`): the fourth
// corpus, the DocBook HTML of PostgreSQL's own documentation toolchain (configuration parameters
// in variable lists, commands as reference pages), written on 2026-12-02 from the manual's pages,
// after every fusion, answer and routing parameter was chosen and before any answer was read.
// Same shape as the other sets: `lexical` questions name the parameter or command, `paraphrase`
// ones say what it does instead.
import { labelledQuestions, type RetrievalQuestion } from './retrieval.js';

const LEXICAL: Omit<RetrievalQuestion, 'kind'>[] = [
  { q: 'What does num_init_children set in pgpool.conf?', pages: ['runtime-config-connection'], term: 'num_init_children' },
  { q: 'What does child_life_time do?', pages: ['runtime-config-connection-pooling'], term: 'child_life_time' },
  { q: 'What does load_balance_mode do?', pages: ['runtime-config-load-balancing'], term: 'load_balance_mode' },
  { q: 'What is health_check_period?', pages: ['runtime-config-health-check'], term: 'health_check_period' },
  { q: 'When is failover_command run?', pages: ['runtime-config-failover'], term: 'failover_command' },
  { q: 'What does delay_threshold measure?', pages: ['runtime-streaming-replication-check'], term: 'delay_threshold' },
  { q: 'What does SHOW POOL_NODES display?', pages: ['sql-show-pool-nodes'], term: 'POOL_NODES' },
  { q: 'What does pcp_attach_node do?', pages: ['pcp-attach-node', 'pgpool-adm-pcp-attach-node'], term: 'pcp_attach_node' },
  { q: 'What does memqcache_expire control?', pages: ['runtime-in-memory-query-cache'], term: 'memqcache_expire' },
  { q: 'What is wd_heartbeat_deadtime?', pages: ['runtime-watchdog-config'], term: 'wd_heartbeat_deadtime' },
  { q: 'What does pg_md5 produce?', pages: ['pg-md5'], term: 'pg_md5' },
  { q: 'What does ssl_ciphers specify?', pages: ['runtime-ssl'], term: 'ssl_ciphers' },
  { q: 'What goes in reset_query_list?', pages: ['runtime-config-connection-pooling'], term: 'reset_query_list' },
  { q: 'What does the pgpool_setup command create?', pages: ['pgpool-setup'], term: 'pgpool_setup' },
  { q: 'What does PGPOOL SET change?', pages: ['sql-pgpool-set'], term: 'PGPOOL SET' },
];
const PARAPHRASE: Omit<RetrievalQuestion, 'kind'>[] = [
  { q: 'How many clients can be connected to Pgpool-II at the same time, and what happens to the extra ones?', pages: ['runtime-config-connection'], term: 'num_init_children' },
  { q: 'How can I have idle Pgpool-II child processes restarted after a while to guard against memory leaks?', pages: ['runtime-config-connection-pooling'], term: 'child_life_time' },
  { q: 'How do I spread read-only queries over the standby servers instead of sending them all to one?', pages: ['runtime-config-load-balancing', 'read-query-load-balancing'], term: 'load_balance_mode' },
  { q: 'How often does Pgpool-II check that the database servers are still alive?', pages: ['runtime-config-health-check'], term: 'health_check_period' },
  { q: 'Which setting runs my own script when a database server drops out, so I can promote a standby?', pages: ['runtime-config-failover'], term: 'failover_command' },
  { q: 'How do I stop reads going to a standby that has fallen too far behind the primary?', pages: ['runtime-streaming-replication-check'], term: 'delay_threshold' },
  { q: 'How can I see from psql which backend servers are up and which one is the primary?', pages: ['sql-show-pool-nodes'], term: 'POOL_NODES' },
  { q: 'A database node was detached and is healthy again; how do I put it back into service?', pages: ['pcp-attach-node', 'pgpool-adm-pcp-attach-node'], term: 'pcp_attach_node' },
  { q: 'How long do cached query results stay valid before they are thrown away?', pages: ['runtime-in-memory-query-cache'], term: 'memqcache_expire' },
  { q: 'How long does the watchdog wait without hearing from another Pgpool-II node before it declares that node dead?', pages: ['runtime-watchdog-config'], term: 'wd_heartbeat_deadtime' },
  { q: 'How do I generate an encrypted password to put in the PCP password file?', pages: ['pg-md5', 'configuring-pcp-conf'], term: 'pg_md5' },
  { q: 'How do I limit which encryption algorithms are allowed for secure connections?', pages: ['runtime-ssl'], term: 'ssl_ciphers' },
  { q: 'What commands does Pgpool-II send to clean up a pooled connection when a client disconnects?', pages: ['runtime-config-connection-pooling'], term: 'reset_query_list' },
  { q: 'How can I quickly build a throwaway test cluster of Pgpool-II and several PostgreSQL servers in one directory?', pages: ['pgpool-setup'], term: 'pgpool_setup' },
  { q: 'How do I change a Pgpool-II parameter only for my current session, without editing the configuration file?', pages: ['sql-pgpool-set'], term: 'PGPOOL SET' },
];
export const PGPOOL_RETRIEVAL_SET = labelledQuestions(LEXICAL, PARAPHRASE);
