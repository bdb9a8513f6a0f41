import type { SourceKind } from '../../store/documents.js';

/** What a bulk-ingestion request holds, whatever shape it came in. */

export interface FileUpload {
  name: string;
  kind: SourceKind;
  content: Buffer;
}

export interface UrlUpload {
  url: string;
  name: string;
  kind: SourceKind;
}

/** An archive entry that is no document (an image, a stylesheet, an empty file). */
export interface Skipped {
  name: string;
  reason: string;
}

/** Everything a batch request asked for, whatever shape it came in. */
export interface BatchInput {
  files: FileUpload[];
  urls: UrlUpload[];
  skipped: Skipped[];
}
