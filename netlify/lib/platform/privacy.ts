/**
 * The platform's personal data in the privacy catalogue: consents (what the person agreed to,
 * when, under which notice) and the rate-limit counters kept per email address.
 */
import type { TableCoverage } from '../privacy/types.ts';
import { EMAIL_BUCKETS, limitKey } from './rate-limit.ts';

/** Consents and per-email counters. */
export const PLATFORM_DATA: Record<string, TableCoverage> = {
  consents: {
    label: 'consents',
    export: (tx, s) => tx`
      select purpose, notice_version, language, subject_table, subject_id, given_at, withdrawn_at, withdrawn_via from consents
      where email in ${tx(s.provenEmails.concat(''))} order by given_at`,
    erase: async (tx, s) => (await tx`delete from consents where email in ${tx(s.provenEmails.concat(''))}`).count,
  },
  rate_limits: {
    label: 'rateLimitCounters',
    // Counters of requests per email (keyed hashes): when the window started and how many.
    export: (tx, s) => tx`
      select split_part(key, ':', 1) as counter, window_start, count from rate_limits where key in ${tx(emailKeys(s.provenEmails))} order by key`,
    erase: async (tx, s) => (await tx`delete from rate_limits where key in ${tx(emailKeys(s.provenEmails))}`).count,
  },
};

/** The rate-limit keys of these emails in every bucket counted per email. */
function emailKeys(emails: string[]): string[] {
  return emails.flatMap((email) => EMAIL_BUCKETS.map((bucket) => limitKey(bucket, email.toLowerCase()))).concat('');
}
