import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { zipSync, strToU8 } from 'fflate';
import { AskResponseSchema, DocumentListSchema, IngestBatchCreatedSchema, IngestBatchViewSchema, type IngestBatchDetail } from '@askflow/contract';
import { upsertProvider } from '../../store/providers.js';
import { updateProject } from '../../store/projects.js';
import { parseMasterKey } from '../../store/secrets.js';
import { startChatCompletionsServer, type ChatCompletionsServer } from '../fakes/chatCompletionsServer.js';
import { ask, closeDb, db, expectJson, managedProject, manage, stackInfo, temporalClient } from '../stack/context.js';
import { expectWire } from '../stack/wire.js';
import { buildPdf } from './pdfFixture.js';

type P = Awaited<ReturnType<typeof managedProject>>;
let llm: ChatCompletionsServer;
let site: Server;
let siteUrl: string;

const page = (title: string, body: string) => `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1><p>${body}</p></body></html>`;
const PAGES: Record<string, string> = {
  '/guide/install.html': page('Installing', 'Run the installer and accept the licence to install the lantern firmware.'),
  '/guide/pairing.html': page('Pairing', 'Hold the blue button for five seconds to pair the lantern with your phone.'),
  '/guide/battery.html': page('Battery', 'A full charge of the lantern battery lasts forty hours on the lowest setting.'),
};

beforeAll(async () => {
  llm = await startChatCompletionsServer({ embeddingDimensions: 16 });
  site = createServer((req, res) => {
    const url = req.url ?? '/';
    if (PAGES[url]) return res.writeHead(200, { 'Content-Type': 'text/html' }).end(PAGES[url]);
    if (url === '/sitemap.xml') {
      return res.writeHead(200, { 'Content-Type': 'application/xml' }).end(
        `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${Object.keys(PAGES).map((p) => `<url><loc>${siteUrl}${p}</loc></url>`).join('')}</urlset>`,
      );
    }
    if (url === '/index.xml') {
      return res.writeHead(200, { 'Content-Type': 'application/xml' }).end(
        `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${siteUrl}/sitemap.xml</loc></sitemap></sitemapindex>`,
      );
    }
    if (url === '/not-a-sitemap.xml') return res.writeHead(200, { 'Content-Type': 'application/xml' }).end('<html><body>hello</body></html>');
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((r) => site.close(r));
  await llm.close();
  await closeDb();
});

/** A project embedding through the fake server, so embedding calls can be counted (and slowed). */
async function embeddingProject(settings: Record<string, unknown> = {}): Promise<P> {
  const p = await managedProject({ ragEnabled: true, ...settings });
  await upsertProvider(db(), p.tenantId, 'emb', llm.baseUrl, llm.apiKey, parseMasterKey(stackInfo().masterKey));
  await updateProject(db(), p.tenantId, { embeddingModel: 'emb:embed-small', chunkTokens: 50, chunkOverlap: 0 });
  return p;
}

function post(p: P, body: BodyInit, contentType?: string): Promise<Response> {
  return fetch(`${stackInfo().baseUrl}/manage/projects/${p.tenantId}/knowledge/batches`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${p.owner.token}`, ...(contentType ? { 'Content-Type': contentType } : {}) },
    body,
  });
}

const postJson = (p: P, body: unknown) => post(p, JSON.stringify(body), 'application/json');

async function getBatch(p: P, id: string): Promise<IngestBatchDetail> {
  return expectWire(IngestBatchViewSchema, await manage(p.owner.token, 'GET', `/projects/${p.tenantId}/knowledge/batches/${id}`), 200);
}

async function waitBatch(p: P, id: string): Promise<IngestBatchDetail> {
  for (let i = 0; i < 300; i++) {
    const view = await getBatch(p, id);
    if (view.batch.status !== 'running') return view;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`batch ${id} never finished`);
}

/** Several paragraphs: a few chunks at 50 tokens each. */
const article = (topic: string, n = 3) =>
  Array.from({ length: n }, (_, i) => `## ${topic} part ${i}\n\nThe ${topic} section ${i} explains how the ${topic} feature behaves when it is configured with care, step ${i}, in detail and with examples for operators.`).join('\n\n');

async function rowCounts(projectId: string) {
  const { rows } = await db().query<{ documents: number; batches: number }>(
    `SELECT (SELECT count(*)::int FROM documents WHERE project_id = $1) AS documents, (SELECT count(*)::int FROM ingest_batches WHERE project_id = $1) AS batches`,
    [projectId],
  );
  return rows[0]!;
}

describe('bulk ingestion', () => {
  it('a JSON list of many documents is ingested by one workflow, embedding across documents in calls of at most 256 chunks', async () => {
    const p = await embeddingProject();
    llm.reset();
    const documents = [
      ...Array.from({ length: 100 }, (_, i) => ({ name: `topic-${i}.md`, text: article(`topic${i}`) })),
      { name: 'stores.pdf', base64: Buffer.from(buildPdf([['Store hours', 'The Bergen flagship store is open Monday to Saturday from 09:00 to 19:00.']])).toString('base64') },
      { url: `${siteUrl}/guide/install.html` },
    ];
    const created = await expectWire(IngestBatchCreatedSchema, await postJson(p, { documents }), 202);
    expect(created.documents).toHaveLength(102);
    expect(created.documents.map((d) => d.name)).toEqual([...documents.slice(0, 101).map((d) => d.name), 'install.html']);
    expect(created.batch).toMatchObject({ documentsTotal: 102, finishedAt: null });
    expect(created.skipped).toEqual([]);

    const done = await waitBatch(p, created.batch.id);
    expect(done.batch).toMatchObject({ status: 'done', error: null, counts: { pending: 0, ingesting: 0, ready: 102, failed: 0, unchanged: 0, deleted: 0 } });
    expect(done.batch.chunksTotal).toBeGreaterThan(256);
    expect(done.batch.chunksEmbedded).toBe(done.batch.chunksTotal);
    for (const d of done.documents) {
      expect(d).toMatchObject({ status: 'ready', error: null });
      expect(d.chunksEmbedded).toBe(d.chunksTotal);
    }
    expect(done.documents.find((d) => d.name === 'install.html')).toMatchObject({ kind: 'html', title: 'Installing', sourceUrl: `${siteUrl}/guide/install.html` });

    // Batched across documents: requests of up to 256 chunks (documents are not split), not one per document.
    const sizes = llm.requests.filter((r) => r.embeddings).map((r) => (r.embeddings!.input as string[]).length);
    expect(sizes.reduce((a, b) => a + b)).toBe(done.batch.chunksTotal);
    expect(sizes.length).toBeLessThanOrEqual(Math.ceil(done.batch.chunksTotal / 250));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(256);
    expect(Math.max(...sizes)).toBeGreaterThan(240);

    const { client, close } = await temporalClient();
    try {
      const handle = client.workflow.getHandle(`ingest-batch-${created.batch.id}`);
      expect(await handle.query('ingestBatchProgress')).toEqual({
        stage: 'done', documentsTotal: 102, documentsPrepared: 102, documentsUnchanged: 0, documentsFailed: 0, chunksTotal: done.batch.chunksTotal, chunksEmbedded: done.batch.chunksTotal,
      });
      // One run for the batch, none per document.
      const perDocument = client.workflow.list({ query: `WorkflowId = "ingest-${created.documents[0]!.id}"` });
      for await (const run of perDocument) throw new Error(`a per-document run exists: ${run.workflowId}`);
    } finally {
      await close();
    }

    // The documents answer questions like any other.
    const a = AskResponseSchema.parse(await expectJson(await ask(p, { message: 'When is the Bergen store open?' }), 200));
    expect(a.intent).toBe('rag');
    expect(a.sources!.map((s) => s.document)).toContain('stores.pdf');
  }, 60_000);

  it('a zip archive: each document inside is one, named by its path; other files are skipped and listed', async () => {
    const p = await managedProject({ ragEnabled: true });
    const zip = zipSync({
      'docs/returns.md': strToU8('# Returns\n\nUnworn items can be returned within 60 days of delivery.'),
      'docs/nested/shipping.txt': strToU8('Standard shipping takes 3 to 5 business days.'),
      'docs/warranty.html': strToU8(page('Warranty', 'Tents carry a lifetime warranty.')),
      'docs/logo.png': new Uint8Array([137, 80, 78, 71, 1, 2, 3]),
      '__MACOSX/docs/._returns.md': strToU8('resource fork'),
      'docs/.DS_Store': strToU8('x'),
    });
    const created = await expectWire(IngestBatchCreatedSchema, await post(p, Buffer.from(zip), 'application/zip'), 202);
    expect(created.documents.map((d) => [d.name, d.kind])).toEqual([['docs/returns.md', 'markdown'], ['docs/nested/shipping.txt', 'text'], ['docs/warranty.html', 'html']]);
    expect(created.skipped).toEqual([{ name: 'docs/logo.png', reason: 'not a text, Markdown, HTML or PDF file' }]);
    const done = await waitBatch(p, created.batch.id);
    expect(done.batch.counts).toMatchObject({ ready: 3, failed: 0 });
    const { documentId } = (AskResponseSchema.parse(await expectJson(await ask(p, { message: 'How long does standard shipping take?' }), 200))).sources![0]!;
    expect(documentId).toBe(created.documents[1]!.id);
  }, 30_000);

  it('a zip of linked HTML pages: a page is found through the ask by what the others say where they link to it', async () => {
    const p = await managedProject({ ragEnabled: true });
    const zip = zipSync({
      'manual/pcp-attach-node.html': strToU8(page('pcp_attach_node', 'pcp_attach_node attaches the given node to Pgpool-II.')),
      'manual/failover.html': strToU8(page('Failover', 'When a backend goes down it is detached. Once it is healthy again, put the node back into service with <a href="pcp-attach-node.html">pcp_attach_node</a>.')),
      'manual/health-check.html': strToU8(page('Health check', 'A health check tells whether each node is healthy. A node that is not healthy is taken out of service.')),
      'manual/maintenance.html': strToU8(page('Maintenance', 'Take a node out of service before maintenance, and back into service afterwards.')),
    });
    const created = await expectWire(IngestBatchCreatedSchema, await post(p, Buffer.from(zip), 'application/zip'), 202);
    expect((await waitBatch(p, created.batch.id)).batch.counts).toMatchObject({ ready: 4, failed: 0 });
    // The page's own text shares only "node" with the question, which most pages say.
    const a = AskResponseSchema.parse(await expectJson(await ask(p, { message: 'A node is healthy again; how do I put it back into service?' }), 200));
    expect(a.sources!.map((s) => s.document)).toContain('manual/pcp-attach-node.html');
  }, 30_000);

  it('several files as multipart/form-data, a zip among them expanded', async () => {
    const p = await managedProject({ ragEnabled: true });
    const form = new FormData();
    form.append('file', new Blob(['# FAQ\n\nSupport answers within one business day.'], { type: 'text/markdown' }), 'faq.md');
    form.append('file', new Blob(['Gift cards never expire.'], { type: 'text/plain' }), 'gift-cards.txt');
    form.append('file', new Blob([Buffer.from(zipSync({ 'more/privacy.md': strToU8('# Privacy\n\nWe keep order data for seven years.') }))], { type: 'application/zip' }), 'more.zip');
    const created = await expectWire(IngestBatchCreatedSchema, await post(p, form), 202);
    expect(created.documents.map((d) => d.name)).toEqual(['faq.md', 'gift-cards.txt', 'more/privacy.md']);
    const done = await waitBatch(p, created.batch.id);
    expect(done.documents.map((d) => d.status)).toEqual(['ready', 'ready', 'ready']);
  }, 30_000);

  it('a sitemap (and a sitemap index) becomes one document per URL; sending it again updates, never duplicates', async () => {
    const p = await embeddingProject();
    const created = await expectWire(IngestBatchCreatedSchema, await postJson(p, { sitemap: `${siteUrl}/sitemap.xml` }), 202);
    expect(created.documents.map((d) => d.sourceUrl)).toEqual(Object.keys(PAGES).map((path) => `${siteUrl}${path}`));
    const done = await waitBatch(p, created.batch.id);
    expect(done.documents.map((d) => [d.title, d.status])).toEqual([['Installing', 'ready'], ['Pairing', 'ready'], ['Battery', 'ready']]);

    // Same URLs through an index: the same documents, nothing re-embedded.
    llm.reset();
    const again = await expectWire(IngestBatchCreatedSchema, await postJson(p, { sitemap: `${siteUrl}/index.xml` }), 202);
    expect(again.documents.map((d) => d.id)).toEqual(created.documents.map((d) => d.id));
    const doneAgain = await waitBatch(p, again.batch.id);
    expect(doneAgain.batch.counts).toMatchObject({ ready: 3, unchanged: 3 });
    expect(doneAgain.batch.chunksTotal).toBe(0);
    expect(llm.requests.filter((r) => r.embeddings)).toHaveLength(0);
    expect(await rowCounts(p.tenantId)).toEqual({ documents: 3, batches: 2 });
  }, 30_000);

  it('re-ingesting the same files does no work; a changed file is re-indexed in place', async () => {
    const p = await embeddingProject();
    const documents = Array.from({ length: 5 }, (_, i) => ({ name: `note-${i}.md`, text: article(`note${i}`, 2) }));
    const first = await expectWire(IngestBatchCreatedSchema, await postJson(p, { documents }), 202);
    await waitBatch(p, first.batch.id);
    const chunksBefore = await db().query(`SELECT id FROM chunks WHERE project_id = $1 ORDER BY id`, [p.tenantId]);

    llm.reset();
    const second = await expectWire(IngestBatchCreatedSchema, await postJson(p, { documents }), 202);
    expect(second.documents.map((d) => d.id)).toEqual(first.documents.map((d) => d.id));
    const done = await waitBatch(p, second.batch.id);
    expect(done.batch).toMatchObject({ status: 'done', counts: { ready: 5, unchanged: 5 }, chunksTotal: 0 });
    expect(llm.requests.filter((r) => r.embeddings)).toHaveLength(0);
    expect((await db().query(`SELECT id FROM chunks WHERE project_id = $1 ORDER BY id`, [p.tenantId])).rows).toEqual(chunksBefore.rows);

    const changed = documents.map((d, i) => (i === 2 ? { ...d, text: '# Changed\n\nThe note about gondolas now says they run every ten minutes.' } : d));
    const third = await expectWire(IngestBatchCreatedSchema, await postJson(p, { documents: changed }), 202);
    const doneThird = await waitBatch(p, third.batch.id);
    expect(doneThird.batch.counts).toMatchObject({ ready: 5, unchanged: 4 });
    expect(llm.requests.filter((r) => r.embeddings)).toHaveLength(1);
    const { documents: all } = await expectWire(DocumentListSchema, await manage(p.owner.token, 'GET', `/projects/${p.tenantId}/knowledge`), 200);
    expect(all).toHaveLength(5);
    const a = AskResponseSchema.parse(await expectJson(await ask(p, { message: 'How often do the gondolas run?' }), 200));
    expect(a.sources![0]!.documentId).toBe(first.documents[2]!.id);
  }, 30_000);

  it('progress: the batch and each document move on while the batch runs; a batch still running refuses to be sent again', async () => {
    const p = await embeddingProject();
    // More embedding calls than run at once (4), each slow: some documents are done while others wait.
    const documents = Array.from({ length: 300 }, (_, i) => ({ name: `slow-${i}.md`, text: article(`slow${i}`, 4) }));
    llm.reset();
    llm.script(...Array.from({ length: 8 }, () => ({ delayMs: 700 })));
    const created = await expectWire(IngestBatchCreatedSchema, await postJson(p, { documents }), 202);
    expect((await postJson(p, { documents }))).toMatchObject({ status: 409 });

    let mid: IngestBatchDetail | undefined;
    for (let i = 0; i < 100 && !mid; i++) {
      const view = await getBatch(p, created.batch.id);
      if (view.batch.chunksEmbedded > 0 && view.batch.status === 'running') mid = view;
      else await new Promise((r) => setTimeout(r, 50));
    }
    expect(mid).toBeDefined();
    expect(mid!.batch.chunksEmbedded).toBeLessThan(mid!.batch.chunksTotal);
    expect(mid!.batch.counts.ingesting).toBeGreaterThan(0);
    const partly = mid!.documents.filter((d) => d.status === 'ingesting');
    expect(partly.some((d) => d.chunksEmbedded === d.chunksTotal)).toBe(true);
    expect(partly.some((d) => d.chunksEmbedded === 0)).toBe(true);
    const done = await waitBatch(p, created.batch.id);
    expect(done.batch).toMatchObject({ status: 'done', counts: { ready: 300 } });
    expect(done.batch.finishedAt).not.toBeNull();
  }, 60_000);

  it('a document deleted mid-batch goes whole; the others finish', async () => {
    const p = await embeddingProject();
    const documents = Array.from({ length: 30 }, (_, i) => ({ name: `del-${i}.md`, text: article(`del${i}`, 6) }));
    llm.reset();
    llm.script(...Array.from({ length: 4 }, () => ({ delayMs: 800 })));
    const created = await expectWire(IngestBatchCreatedSchema, await postJson(p, { documents }), 202);
    const victim = created.documents.at(-1)!;
    let seen = await getBatch(p, created.batch.id);
    for (let i = 0; i < 100 && seen.batch.counts.ingesting === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      seen = await getBatch(p, created.batch.id);
    }
    expect((await manage(p.owner.token, 'DELETE', `/projects/${p.tenantId}/knowledge/${victim.id}`)).status).toBe(204);
    // It was mid-batch: chunked, not yet embedded.
    expect(seen.batch.status).toBe('running');
    expect(seen.documents.at(-1)).toMatchObject({ id: victim.id, status: 'ingesting', chunksEmbedded: 0 });
    const done = await waitBatch(p, created.batch.id);
    expect(done.batch).toMatchObject({ status: 'done', documentsTotal: 30, counts: { ready: 29, deleted: 1, failed: 0 } });
    expect(done.documents.map((d) => d.id)).not.toContain(victim.id);
    const left = await db().query<{ chunks: number; vectors: number }>(
      `SELECT (SELECT count(*)::int FROM chunks WHERE document_id = $1) AS chunks, (SELECT count(*)::int FROM chunk_vectors WHERE document_id = $1) AS vectors`,
      [victim.id],
    );
    expect(left.rows[0]).toEqual({ chunks: 0, vectors: 0 });
    const vectors = await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM chunk_vectors WHERE project_id = $1`, [p.tenantId]);
    expect(vectors.rows[0]!.n).toBe(done.batch.chunksTotal);
  }, 60_000);

  it('a document that cannot be fetched fails alone, with its reason', async () => {
    const p = await managedProject({ ragEnabled: true });
    const created = await expectWire(IngestBatchCreatedSchema, await postJson(p, { documents: [{ name: 'ok.txt', text: 'Fine content.' }, { url: `${siteUrl}/missing.html` }] }), 202);
    const done = await waitBatch(p, created.batch.id);
    expect(done.batch).toMatchObject({ status: 'done', counts: { ready: 1, failed: 1 } });
    expect(done.documents[1]).toMatchObject({ status: 'failed', error: expect.stringMatching(/HTTP 404/) });
  }, 30_000);
});

describe('bulk ingestion refuses bad input and writes nothing', () => {
  let p: P;
  beforeAll(async () => {
    p = await managedProject({ ragEnabled: true });
  });
  afterEach(async () => {
    expect(await rowCounts(p.tenantId)).toEqual({ documents: 0, batches: 0 });
  });

  const refusal = async (res: Response, status: number, code: string, message?: RegExp) => {
    const body = await expectJson<{ error: { code: string; message: string; requestId: string } }>(res, status);
    expect(body.error.code).toBe(code);
    expect(body.error.requestId).toBe(res.headers.get('x-request-id'));
    if (message) expect(body.error.message).toMatch(message);
  };

  it('too many documents', async () => {
    await refusal(await postJson(p, { documents: Array.from({ length: 1001 }, (_, i) => ({ name: `n${i}.txt`, text: 'x' })) }), 400, 'ValidationError', /documents/);
    const zip = zipSync(Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`f${i}.txt`, strToU8('x')])));
    await refusal(await post(p, Buffer.from(zip), 'application/zip'), 400, 'ValidationError', /more than 1000 documents/);
  });

  it('too large: the body, one file, or an archive that inflates past its bound', async () => {
    await refusal(await post(p, Buffer.alloc(31 * 1024 * 1024, 1), 'application/zip'), 413, 'PayloadTooLarge');
    const form = new FormData();
    form.append('file', new Blob([Buffer.alloc(11 * 1024 * 1024, 97)]), 'huge.txt');
    await refusal(await post(p, form), 413, 'PayloadTooLarge', /huge\.txt/);
    // 11 MB of one letter compresses to a few kB: the inflated size is what counts.
    const bomb = zipSync({ 'bomb.txt': new Uint8Array(11 * 1024 * 1024).fill(97) }, { level: 9 });
    expect(bomb.length).toBeLessThan(100_000);
    await refusal(await post(p, Buffer.from(bomb), 'application/zip'), 413, 'PayloadTooLarge', /bomb\.txt/);
  });

  it('a bad zip', async () => {
    await refusal(await post(p, Buffer.from('this is no zip archive at all'), 'application/zip'), 400, 'ValidationError', /not a readable zip/);
    const zip = zipSync({ 'a.txt': strToU8('hello there') });
    await refusal(await post(p, Buffer.from(zip.subarray(0, zip.length - 10)), 'application/zip'), 400, 'ValidationError', /not a readable zip/);
    await refusal(await post(p, Buffer.from(zipSync({ 'logo.png': new Uint8Array([1, 2, 3]) })), 'application/zip'), 400, 'ValidationError', /no document/);
  });

  it('a bad URL or sitemap', async () => {
    await refusal(await postJson(p, { documents: [{ url: 'ftp://example.com/a.txt' }] }), 400, 'ValidationError', /documents\.0/);
    await refusal(await postJson(p, { documents: [{ url: 'not a url' }] }), 400, 'ValidationError');
    await refusal(await postJson(p, { sitemap: `${siteUrl}/missing.xml` }), 400, 'ValidationError', /HTTP 404/);
    await refusal(await postJson(p, { sitemap: `${siteUrl}/not-a-sitemap.xml` }), 400, 'ValidationError', /not a sitemap/);
    await refusal(await postJson(p, { sitemap: 'http://169.254.169.254/latest/sitemap.xml' }), 400, 'ValidationError', /link-local|metadata/i);
  });

  it('other mistakes: no documents, a name twice, an unknown kind, unknown fields, another media type', async () => {
    await refusal(await postJson(p, { documents: [] }), 400, 'ValidationError');
    await refusal(await postJson(p, { documents: [{ name: 'a.txt', text: 'one' }, { name: 'a.txt', text: 'two' }] }), 400, 'ValidationError', /twice/);
    await refusal(await postJson(p, { documents: [{ name: 'blob.bin', text: 'x' }] }), 400, 'ValidationError', /kind/);
    await refusal(await postJson(p, { documents: [{ name: 'a.txt', text: 'x' }], force: true }), 400, 'ValidationError', /force/);
    const form = new FormData();
    form.append('kind', 'text');
    await refusal(await post(p, form), 400, 'ValidationError', /field/);
    await refusal(await post(p, 'name,text', 'text/csv'), 415, 'UnsupportedMediaType');
  });

  it('a batch of another project, or no batch, is not found', async () => {
    const other = await managedProject();
    const created = await expectWire(IngestBatchCreatedSchema, await postJson(other, { documents: [{ name: 'a.txt', text: 'x' }] }), 202);
    await refusal(await manage(p.owner.token, 'GET', `/projects/${p.tenantId}/knowledge/batches/${created.batch.id}`), 404, 'NotFound');
    await refusal(await manage(p.owner.token, 'GET', `/projects/${p.tenantId}/knowledge/batches/nope`), 404, 'NotFound');
  });
});
