import type { Config } from '@netlify/functions';
import { runRetention } from '../lib/privacy/index.ts';
import { runJob } from '../lib/platform/index.ts';

/** Scheduled at 04:30 IST: erases what the retention schedule says has expired (DPDP Rules r.8). */
export default function handler(): Promise<Response> {
  return runJob('privacy-retention', async () => {
    const run = await runRetention();
    return { erased: run.items.length, rows: run.erasedRows };
  });
}

export const config: Config = { schedule: '0 23 * * *' };
