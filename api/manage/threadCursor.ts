import type { ThreadCursor } from '../../store/threads.js';
import { ApiError } from '../errors.js';

// A page's `nextCursor`: where it ended (the last thread's update time as PostgreSQL prints it,
// microseconds included, and its id), as base64url JSON. Opaque to callers; checked on the way
// back in, so a cursor that was tampered with is a 400, never a database error.
const STORED_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{1,6})?[+-]\d\d(?::\d\d)?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeThreadCursor(cursor: ThreadCursor): string {
  return Buffer.from(JSON.stringify([cursor.updatedAt, cursor.id])).toString('base64url');
}

export function decodeThreadCursor(text: string): ThreadCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 2 || typeof parsed[0] !== 'string' || typeof parsed[1] !== 'string' || !STORED_TIME.test(parsed[0]) || !UUID.test(parsed[1])) {
    throw new ApiError('ValidationError', 'cursor is not one this service gave (use a page\'s nextCursor as it is)');
  }
  return { updatedAt: parsed[0], id: parsed[1] };
}
