/**
 * The record of consent (DPDP Act): every form that collects personal data calls recordConsent in
 * the transaction that stores the row, so the row and its consent commit together.
 */
import { PRIVACY_NOTICE_VERSION, type ConsentPurpose, type NoticeLanguage } from '../../../src/shared/consent.ts';
import type { Db } from './db.ts';

export type ConsentInput = {
  email: string;
  purpose: ConsentPurpose;
  /** The table and id of the row the person submitted with this consent. */
  subjectTable: string;
  subjectId: string;
  /** Defaults to the notice the site shows today. */
  noticeVersion?: string;
  /** The language of the notice the person read; English unless they chose another. */
  language?: NoticeLanguage;
  /** Given for a child (under 18): effective only once a parent confirms; never marketed to. */
  minor?: boolean;
};

export async function recordConsent(tx: Db, input: ConsentInput): Promise<void> {
  await tx`insert into consents (email, purpose, notice_version, subject_table, subject_id, language, minor)
           values (${input.email.toLowerCase()}, ${input.purpose}, ${input.noticeVersion ?? PRIVACY_NOTICE_VERSION},
                   ${input.subjectTable}, ${input.subjectId}, ${input.language ?? 'en'}, ${input.minor ?? false})`;
}

/** How a withdrawal reached us, kept with it: 'choices-link', 'settings', 'whatsapp-stop', ... */
export type WithdrawalChannel = string;

/**
 * Withdraws the person's consents for a purpose (all purposes when none is named) in the caller's
 * transaction; the rows stay, marked with when and how. Returns how many were withdrawn. What
 * must stop with it (queued messages, marketing) is the caller's to do in the same transaction.
 */
export async function withdrawConsent(tx: Db, input: { email: string; purpose?: ConsentPurpose; via: WithdrawalChannel }): Promise<number> {
  const purpose = input.purpose ?? null;
  const rows = await tx`update consents set withdrawn_at = now(), withdrawn_via = ${input.via}
    where email = ${input.email.toLowerCase()} and withdrawn_at is null
      and (${purpose}::text is null or purpose = ${purpose})`;
  return rows.count;
}

/** Whether the person has a consent for the purpose that is not withdrawn. */
export async function hasActiveConsent(tx: Db, email: string, purpose: ConsentPurpose): Promise<boolean> {
  const [row] = await tx<{ active: boolean }[]>`select exists (select 1 from consents
    where email = ${email.toLowerCase()} and purpose = ${purpose} and withdrawn_at is null) as active`;
  return row!.active;
}

/**
 * Whether marketing may go to this address: never to a child (DPDP Act s.9(3)), and only while
 * the person has at least one consent not withdrawn (s.6(4): withdrawing stops it at once).
 */
export async function mayMarketTo(tx: Db, email: string): Promise<boolean> {
  const [row] = await tx<{ allowed: boolean }[]>`select
    not exists (select 1 from consents where email = ${email.toLowerCase()} and minor)
    and exists (select 1 from consents where email = ${email.toLowerCase()} and withdrawn_at is null) as allowed`;
  return row!.allowed;
}

/** When and how these addresses withdrew a purpose, oldest first (one line per withdrawal, however many rows it ended). */
export async function withdrawalsOf(tx: Db, emails: string[], purpose: ConsentPurpose): Promise<{ at: Date; via: WithdrawalChannel }[]> {
  if (emails.length === 0) return [];
  const rows = await tx<{ at: Date; via: string }[]>`
    select distinct withdrawn_at as at, withdrawn_via as via from consents
    where email in ${tx(emails.map((e) => e.toLowerCase()))} and purpose = ${purpose} and withdrawn_at is not null
    order by withdrawn_at`;
  return rows.map((r) => ({ at: new Date(r.at), via: r.via }));
}
