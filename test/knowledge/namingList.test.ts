// The naming list in retrieval: a question that names a setting verbatim ("work_mem") finds the
// chunk that says that name before chunks that only say its words ("maintenance_work_mem").
import { closeDb, db } from '../stack/context.js';
import { lexicalRanking } from './ingestDirect.js';

afterAll(closeDb);

/** Pages on other things, each its own document, that the question's words may still turn up in. */
const fillers = (texts: string[]) => texts.map((text, i) => ({ name: `other-${i}.md`, text: `## Other\n\n${text}` }));

it('ranks the chunk that names the asked setting first, only with the naming list on', async () => {
  const pages = [
    {
      name: 'maintenance.md',
      text: '## Maintenance memory\n\nmaintenance_work_mem is the work memory of maintenance jobs. Raising maintenance_work_mem lets such work finish sooner; maintenance_work_mem is per job.',
    },
    { name: 'queries.md', text: '## Query memory\n\nwork_mem is what one sort step of a query may use before it spills to disk.' },
    { name: 'billing.md', text: '## Invoices\n\nInvoices are sent monthly by email.' },
  ];
  const ranked = await lexicalRanking(db(), 'naming list', pages, 'What does work_mem limit?');
  // BM25 reads work_mem as "work" and "mem": the page saying them most leads.
  expect((await ranked({ keyWeight: 0 }))[0]).toBe('maintenance.md');
  expect((await ranked({ keyWeight: 1 }))[0]).toBe('queries.md');
});

it('ranks the section on the clause asked about first, by the keywords it says side by side, only with the pairs list on', async () => {
  const others = ['Invoices are sent monthly by email.', 'Orders ship within two days.', 'Returns are free for thirty days.', 'Support answers on weekdays.', 'Passwords expire after a year.', 'Reports export as spreadsheets.'];
  const pages = [
    {
      name: 'renaming.md',
      text: '## Renaming\n\nTo rename a table, alter the table: column names, column types and column defaults of the renamed table stay, and you can rename the table back.',
    },
    {
      name: 'rename-column.md',
      text: '## ALTER TABLE RENAME COLUMN\n\nThe RENAME COLUMN syntax changes the name of one field in views, triggers, indexes and foreign keys as well, so queries written before keep working.',
    },
    ...fillers(others),
  ];
  const ranked = await lexicalRanking(db(), 'keyword pairs', pages, 'How do I use ALTER TABLE RENAME COLUMN?');
  // The words alone are said more often on the page about renaming in general.
  // (The defining list is off: the section's heading names the clause, which it would count as defining it.)
  expect((await ranked({ pairWeight: 0, definesWeight: 0 }))[0]).toBe('renaming.md');
  expect((await ranked({ pairWeight: 1, definesWeight: 0 }))[0]).toBe('rename-column.md');
});

it('ranks the chunk that defines the asked name above ones that only use it, only with the defining list on (as by default)', async () => {
  // Pages on health checks that do not name the setting: a name most candidates say (a product's
  // own, "Pgpool-II") tells none of them apart and is not looked for.
  const others = ['A health check connects to each server.', 'The period of a failed check is logged.', 'Health checks time out after a while.', 'Check the server logs when a health check fails.'];
  const pages = [
    {
      name: 'example-cluster.md',
      text: '## Health check period in the example cluster\n\nThe health check period of this example: health_check_period = 5, so a health check runs every period of 5 s, and health_check_period is the same on every server.',
    },
    {
      name: 'health-check.md',
      text: '## Health check settings\n\nhealth_check_period (integer)\n\nSpecifies the interval between the checks in seconds. 0 turns them off.',
    },
    ...fillers(others),
  ];
  const ranked = await lexicalRanking(db(), 'defining list', pages, 'What is health_check_period?');
  // The example says the name and the words of the health check more often than the definition.
  expect((await ranked({ definesWeight: 0 }))[0]).toBe('example-cluster.md');
  expect((await ranked({}))[0]).toBe('health-check.md');
});

it("reads a function's signature shaped as a call (\"base64.urlsafe_b64encode(s)\") as defining the function, only with the defining list on (as by default)", async () => {
  const others = ['Tokens are random.', 'A URL carries the token.', 'Secrets expire.', 'Encode the bytes first.'];
  const pages = [
    {
      name: 'secrets.md',
      text: '## Tokens for URLs\n\nFor a token safe in URLs, encode its bytes: token = base64.urlsafe_b64encode(data). The urlsafe_b64encode output is what the URL carries; decode it on the way back.',
    },
    {
      name: 'base64.md',
      text: '## Encodings\n\nbase64.urlsafe_b64encode(s)\n\nEncode bytes s using the URL- and filesystem-safe alphabet, which puts - in place of + and _ in place of /.',
    },
    ...fillers(others),
  ];
  const ranked = await lexicalRanking(db(), 'signature as a call', pages, 'Does urlsafe_b64encode swap out the + and / for a token in a URL?');
  // The example says the name and the question's words more often than the definition.
  expect((await ranked({ definesWeight: 0 }))[0]).toBe('secrets.md');
  expect((await ranked({}))[0]).toBe('base64.md');
});

it('reads a term set on two lines ("-n" over "--dry-run", as DocBook sets an option) as defining both', async () => {
  const others = ['A clean tree has no untracked files.', 'Run clean before a build.', 'The option list is long.', 'Cleaning removes build output.'];
  const pages = [
    { name: 'workflow.md', text: '## Cleaning up\n\nRun clean with --dry-run first: the --dry-run option of clean shows what clean would remove, and --dry-run never deletes.' },
    { name: 'clean-options.md', text: '## Options of clean\n\n-n\n--dry-run\n\nDo not remove anything, just show what would be done.' },
    ...fillers(others),
  ];
  const ranked = await lexicalRanking(db(), 'two-line term', pages, 'What does the --dry-run option of clean do?');
  expect((await ranked({ definesWeight: 0 }))[0]).toBe('workflow.md');
  expect((await ranked({}))[0]).toBe('clean-options.md');
});

it('ranks the reference page titled with the command asked about above a page that says it more often, only with the defining list on (as by default)', async () => {
  // Other pages that share the question's plain words, so the command is said by few of the candidates.
  const others = ['Pgpool reads its settings at start.', 'A change to the port needs a restart.', 'Set the log directory before start.', 'Pgpool listens on port 9999.', 'Change passwords with pg_md5.', 'Each set of nodes has a leader.'];
  const pages = [
    {
      name: 'logging.md',
      text: '## Logging settings\n\nlog_statement (boolean)\n\nLogs each statement. PGPOOL SET changes it for the current session: PGPOOL SET log_statement = on.\n\nlog_per_node_statement (boolean)\n\nLogs each statement per node. Change it for the session with PGPOOL SET; PGPOOL SET changes only that session.',
    },
    { name: 'pgpool-set.md', text: '## PGPOOL SET\n\n### Description\n\nSets a configuration parameter to another value for the current session only, as PostgreSQL\'s SET does for its own parameters. Other sessions keep the value the configuration file gives.' },
    ...fillers(others),
  ];
  const ranked = await lexicalRanking(db(), 'titled reference page', pages, 'What does PGPOOL SET change?');
  // The logging page says the command and "change" more often than its own page does.
  expect((await ranked({ definesWeight: 0 }))[0]).toBe('logging.md');
  expect((await ranked({}))[0]).toBe('pgpool-set.md');
  // Not as a term line: the same command defined in the logging page's list does not make it the page on the command.
  expect((await ranked({}))[1]).toBe('logging.md');
});
