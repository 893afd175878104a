import type { Config } from '@netlify/functions';
import { runDocumentCleanup } from '../lib/documents/index.ts';
import { runJob } from '../lib/platform/index.ts';

/** Scheduled: expires uploads never confirmed, applies the documents' retention, deletes queued files from Storage. */
export default function handler(): Promise<Response> {
  return runJob('documents-cleanup', () => runDocumentCleanup());
}

export const config: Config = { schedule: '*/30 * * * *' };
