import type { IncomingMessage } from 'node:http';
import { ApiError } from '../errors.js';

/** The whole request body, refused with 413 as soon as it passes `limit` bytes (declared or sent). */
export async function readRaw(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  const tooLarge = () => new ApiError('PayloadTooLarge', `Request body is over ${limit / 1024 / 1024} MB`);
  if (declared > limit) {
    req.resume();
    throw tooLarge();
  }
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of req) {
    size += (part as Buffer).length;
    if (size > limit) {
      req.resume(); // drain the rest so the answer can be sent
      throw tooLarge();
    }
    parts.push(part as Buffer);
  }
  return Buffer.concat(parts);
}
