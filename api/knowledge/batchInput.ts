import { bodyParser } from '@koa/bodyparser';
import type { Context } from 'koa';
import { KnowledgeBatchSchema, type KnowledgeUpload } from '@askflow/contract';
import { detectKind } from '../../knowledge/parse.js';
import type { SourceKind } from '../../store/documents.js';
import type { BatchInput, UrlUpload } from './types.js';
import { ApiError } from '../errors.js';
import { validate } from '../validate.js';
import { assertAllowedHost } from './allowedHost.js';
import { BATCH_LIMITS } from './limits.js';
import { isZip, readMultipart } from './readMultipart.js';
import { readRaw } from './readRaw.js';
import { readZip } from './readZip.js';
import { sitemapUrls } from './sitemap.js';


const parseJson = bodyParser({ enableTypes: ['json'], jsonLimit: BATCH_LIMITS.bodyBytes, encoding: 'utf-8' });

/** A URL document's name and kind, as the single upload names them. */
export function urlUpload(url: string, name?: string, kind?: SourceKind): UrlUpload {
  const parsed = new URL(url);
  const named = name ?? (parsed.pathname.split('/').filter(Boolean).pop() || parsed.hostname);
  return { url, name: named, kind: kind ?? detectKind(named) ?? 'html' };
}

function fromUpload(upload: KnowledgeUpload, i: number, input: BatchInput): void {
  if ('url' in upload) {
    input.urls.push(urlUpload(upload.url, upload.name, upload.kind));
    return;
  }
  const kind = upload.kind ?? detectKind(upload.name);
  if (!kind) throw new ApiError('ValidationError', `documents.${i}: cannot tell the kind of "${upload.name}": send kind (text, markdown, html or pdf)`);
  input.files.push({ name: upload.name, kind, content: upload.text !== undefined ? Buffer.from(upload.text, 'utf8') : Buffer.from(upload.base64!, 'base64') });
}

/**
 * Reads a batch request: JSON (`{documents, sitemap}`), `multipart/form-data` (files; a
 * `.zip` among them is expanded), or a zip archive as the body (`application/zip`). Refuses
 * with the api's usual errors before anything is written.
 */
export async function readBatchInput(ctx: Context, allowedHosts: readonly string[]): Promise<BatchInput> {
  const input: BatchInput = { files: [], urls: [], skipped: [] };
  if (ctx.is('application/json')) {
    await parseJson(ctx, async () => undefined);
    const body = validate(KnowledgeBatchSchema, ctx.request.body);
    body.documents?.forEach((d, i) => fromUpload(d, i, input));
    if (body.sitemap) for (const url of await sitemapUrls(body.sitemap, allowedHosts)) input.urls.push(urlUpload(url));
  } else if (ctx.is('multipart/form-data')) {
    for (const part of await readMultipart(ctx.req)) {
      if (isZip(part.filename, part.mimeType)) {
        const zip = await readZip(part.content, part.filename || 'the archive');
        input.files.push(...zip.files);
        input.skipped.push(...zip.skipped);
        continue;
      }
      const name = part.filename.trim();
      if (name.includes('\0')) throw new ApiError('ValidationError', 'a filename has a NUL character');
      if (!name || name.length > 500) throw new ApiError('ValidationError', 'every file needs a name (its filename) of at most 500 characters');
      const kind = detectKind(name, part.mimeType === 'application/octet-stream' ? undefined : part.mimeType);
      if (!kind) throw new ApiError('ValidationError', `cannot tell the kind of "${name}": name it .txt, .md, .html or .pdf`);
      if (!part.content.length) throw new ApiError('ValidationError', `"${name}" is empty`);
      input.files.push({ name, kind, content: part.content });
    }
  } else if (ctx.is('application/zip', 'application/x-zip-compressed')) {
    const zip = await readZip(await readRaw(ctx.req, BATCH_LIMITS.bodyBytes), 'the archive');
    input.files.push(...zip.files);
    input.skipped.push(...zip.skipped);
  } else {
    throw new ApiError('UnsupportedMediaType', 'Content-Type must be application/json, multipart/form-data or application/zip');
  }
  const count = input.files.length + input.urls.length;
  if (count > BATCH_LIMITS.documents) throw new ApiError('ValidationError', `a batch holds at most ${BATCH_LIMITS.documents} documents, not ${count}`);
  if (!count) throw new ApiError('ValidationError', 'the batch has no document (nothing in it is a text, Markdown, HTML or PDF file)');
  const names = new Set<string>();
  for (const f of input.files) {
    if (names.has(f.name)) throw new ApiError('ValidationError', `"${f.name}" is in the batch twice`);
    names.add(f.name);
  }
  const urls = new Set<string>();
  for (const u of input.urls) {
    assertAllowedHost(allowedHosts, u.url);
    if (urls.has(u.url)) throw new ApiError('ValidationError', `${u.url} is in the batch twice`);
    urls.add(u.url);
  }
  return input;
}
