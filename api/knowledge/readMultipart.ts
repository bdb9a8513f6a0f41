import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { ApiError } from '../errors.js';
import { BATCH_LIMITS } from './limits.js';

export interface Part {
  filename: string;
  mimeType: string;
  content: Buffer;
}

/**
 * The files of a `multipart/form-data` body, whatever their field names; form fields other
 * than files are refused (a misspelt option must not pass silently). Bounded in file count,
 * each file's size and the whole body.
 */
export async function readMultipart(req: IncomingMessage): Promise<Part[]> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > BATCH_LIMITS.bodyBytes) {
    req.resume();
    throw new ApiError('PayloadTooLarge', `Request body is over ${BATCH_LIMITS.bodyBytes / 1024 / 1024} MB`);
  }
  let bb;
  try {
    bb = busboy({
      headers: req.headers,
      defParamCharset: 'utf8',
      limits: { files: BATCH_LIMITS.documents, fileSize: BATCH_LIMITS.documentBytes, fields: 0, parts: BATCH_LIMITS.documents },
    });
  } catch (err) {
    throw new ApiError('ValidationError', `Invalid multipart body: ${(err as Error).message}`);
  }
  return new Promise<Part[]>((resolve, reject) => {
    const parts: Part[] = [];
    const reading: Promise<void>[] = [];
    let total = 0;
    let failed = false;
    const fail = (err: ApiError) => {
      if (failed) return;
      failed = true;
      req.unpipe(bb);
      req.resume();
      reject(err);
    };
    bb.on('file', (_field, stream, info) => {
      const chunks: Buffer[] = [];
      reading.push(new Promise<void>((done) => {
        stream.on('data', (c: Buffer) => {
          total += c.length;
          if (total > BATCH_LIMITS.bodyBytes) fail(new ApiError('PayloadTooLarge', `Request body is over ${BATCH_LIMITS.bodyBytes / 1024 / 1024} MB`));
          else chunks.push(c);
        });
        stream.on('limit', () => fail(new ApiError('PayloadTooLarge', `${info.filename ?? 'a file'} is over ${BATCH_LIMITS.documentBytes / 1024 / 1024} MB`)));
        stream.on('close', () => {
          parts.push({ filename: info.filename ?? '', mimeType: info.mimeType, content: Buffer.concat(chunks) });
          done();
        });
      }));
    });
    bb.on('field', (name) => fail(new ApiError('ValidationError', `unknown form field "${name}": send files only`)));
    bb.on('fieldsLimit', () => fail(new ApiError('ValidationError', 'form fields are not accepted: send files only')));
    bb.on('filesLimit', () => fail(new ApiError('ValidationError', `more than ${BATCH_LIMITS.documents} files`)));
    bb.on('partsLimit', () => fail(new ApiError('ValidationError', `more than ${BATCH_LIMITS.documents} parts`)));
    bb.on('error', (err: Error) => fail(new ApiError('ValidationError', `Invalid multipart body: ${err.message}`)));
    bb.on('close', () => {
      void Promise.all(reading).then(() => {
        if (!failed) resolve(parts);
      });
    });
    req.pipe(bb);
  });
}

/** Whether a part is a zip archive to expand rather than a document. */
export function isZip(name: string, mimeType: string): boolean {
  return /\.zip$/i.test(name) || ['application/zip', 'application/x-zip-compressed'].includes(mimeType.toLowerCase());
}
