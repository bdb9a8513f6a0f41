import { fromBufferPromise, type Entry } from 'yauzl';
import { detectKind } from '../../knowledge/parse.js';
import { ApiError } from '../errors.js';
import { BATCH_LIMITS } from './limits.js';
import type { FileUpload, Skipped } from './types.js';

/** Folders, macOS resource forks and hidden files are not documents anyone meant to send. */
function isNoise(name: string): boolean {
  return name.endsWith('/') || name.split('/').some((part) => part.startsWith('.') || part === '__MACOSX');
}

async function readEntry(zip: Awaited<ReturnType<typeof fromBufferPromise>>, entry: Entry): Promise<Buffer> {
  // yauzl checks the inflated size against the declared one, so the bound on the declared size holds.
  const stream = await zip.openReadStreamPromise(entry);
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/**
 * The documents of a zip archive: each text, Markdown, HTML or PDF file becomes one, named by
 * its path in the archive; anything else is listed as skipped. Sizes are checked on the
 * archive's own figures before anything is inflated (and yauzl holds each entry to its figure),
 * so a zip bomb is refused, not expanded.
 */
export async function readZip(archive: Buffer, label: string): Promise<{ files: FileUpload[]; skipped: Skipped[] }> {
  let zip;
  try {
    zip = await fromBufferPromise(archive, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false });
  } catch (err) {
    throw new ApiError('ValidationError', `${label} is not a readable zip archive: ${(err as Error).message}`);
  }
  const files: FileUpload[] = [];
  const skipped: Skipped[] = [];
  let entries = 0;
  let total = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      if (++entries > BATCH_LIMITS.archiveEntries) throw new ApiError('ValidationError', `${label} lists more than ${BATCH_LIMITS.archiveEntries} entries`);
      const name = entry.fileName;
      if (isNoise(name)) continue;
      const kind = detectKind(name);
      if (!kind) {
        skipped.push({ name, reason: 'not a text, Markdown, HTML or PDF file' });
        continue;
      }
      if (entry.isEncrypted()) throw new ApiError('ValidationError', `${label}: ${name} is encrypted`);
      if (name.includes('\0')) throw new ApiError('ValidationError', `${label}: an entry's name has a NUL character`);
      if (name.length > 500) throw new ApiError('ValidationError', `${label}: the name of ${name.slice(0, 60)}… is over 500 characters`);
      if (files.length >= BATCH_LIMITS.documents) throw new ApiError('ValidationError', `${label} holds more than ${BATCH_LIMITS.documents} documents`);
      if (entry.uncompressedSize > BATCH_LIMITS.documentBytes) {
        throw new ApiError('PayloadTooLarge', `${label}: ${name} is over ${BATCH_LIMITS.documentBytes / 1024 / 1024} MB uncompressed`);
      }
      total += entry.uncompressedSize;
      if (total > BATCH_LIMITS.archiveBytes) throw new ApiError('PayloadTooLarge', `${label} is over ${BATCH_LIMITS.archiveBytes / 1024 / 1024} MB uncompressed`);
      const content = await readEntry(zip, entry);
      if (!content.length) {
        skipped.push({ name, reason: 'empty' });
        continue;
      }
      files.push({ name, kind, content });
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError('ValidationError', `${label} is not a readable zip archive: ${(err as Error).message}`);
  } finally {
    zip.close();
  }
  return { files, skipped };
}
