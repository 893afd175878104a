/**
 * The record of consent (DPDP Act): every form that collects personal data calls recordConsent in
 * the transaction that stores the row, so the row and its consent commit together.
 */
import { PRIVACY_NOTICE_VERSION, type ConsentPurpose } from '../../../src/shared/consent.ts';
import type { Db } from './db.ts';

export type ConsentInput = {
  email: string;
  purpose: ConsentPurpose;
  /** The table and id of the row the person submitted with this consent. */
  subjectTable: string;
  subjectId: string;
  /** Defaults to the notice the site shows today. */
  noticeVersion?: string;
};

export async function recordConsent(tx: Db, input: ConsentInput): Promise<void> {
  await tx`insert into consents (email, purpose, notice_version, subject_table, subject_id)
           values (${input.email.toLowerCase()}, ${input.purpose}, ${input.noticeVersion ?? PRIVACY_NOTICE_VERSION},
                   ${input.subjectTable}, ${input.subjectId})`;
}
