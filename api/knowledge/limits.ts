import { BATCH_MAX_DOCUMENTS } from '@askflow/contract';

/** Every bound a batch is held to, in one place (the docs quote them). */
export const BATCH_LIMITS = {
  /** Documents per batch, however they arrive. */
  documents: BATCH_MAX_DOCUMENTS,
  /** The request body: JSON, multipart or a zip archive. */
  bodyBytes: 30 * 1024 * 1024,
  /** One document (a file, or a file inside an archive), uncompressed. */
  documentBytes: 10 * 1024 * 1024,
  /** All files of one archive together, uncompressed. */
  archiveBytes: 100 * 1024 * 1024,
  /** Entries an archive may list at all (folders and skipped files included). */
  archiveEntries: 5000,
  /** A sitemap file, and how many sitemaps a sitemap index may point to (one level deep). */
  sitemapBytes: 5 * 1024 * 1024,
  sitemapChildren: 20,
} as const;
