/**
 * "Your choices" without logging in (DPDP Act s.6(4): withdrawing as easy as giving): the signed
 * link in every email shows the address's consents and withdraws any of them at once. What must
 * stop with each purpose is WITHDRAWAL_EFFECTS; the withdrawal itself (when, how) is the record.
 */
import type { ChoicesAnswer, ConsentChoice, WithdrawAnswer } from '../../../src/shared/choices.ts';
import type { ConsentPurpose, NoticeLanguage } from '../../../src/shared/consent.ts';
import { choicesEmail, db, type Db, HttpError, log, withdrawConsent } from '../platform/index.ts';
import { stopWhatsApp } from '../messaging/index.ts';
import { cancelWithdrawn } from '../outbox/index.ts';

type Effect = (tx: Db, email: string, via: string) => Promise<void>;

/** Queued marketing and the purpose's own confirmations that have not left yet are cancelled. */
const cancelQueued =
  (tags: string[]): Effect =>
  async (tx, email) => {
    await cancelWithdrawn(tx, email, tags);
  };

/** What stops with each purpose's withdrawal, in the withdrawal's transaction. */
export const WITHDRAWAL_EFFECTS: Record<ConsentPurpose, Effect[]> = {
  contact: [cancelQueued(['contact-confirmation'])],
  advisor: [cancelQueued(['advisor-confirmation'])],
  scholarship: [cancelQueued(['scholarship-confirmation'])],
  pitch: [cancelQueued(['pitch-confirmation'])],
  registration: [cancelQueued([])],
  signup: [cancelQueued([])],
  // WhatsApp: the number's opt-in ends and its queued messages go by email instead.
  whatsapp: [
    cancelQueued([]),
    async (tx, email, via) => {
      await stopWhatsApp(tx, email, via);
    },
  ],
};

const INVALID = 'This link is not valid or has expired. Use the "Your choices" link in a newer email from us.';

async function emailOf(token: string): Promise<string> {
  const email = await choicesEmail(token);
  if (!email) throw new HttpError(401, INVALID);
  return email;
}

async function consentsOf(tx: Db, email: string): Promise<ConsentChoice[]> {
  const rows = await tx<
    { purpose: ConsentPurpose; given_at: Date; notice_version: string; language: NoticeLanguage; withdrawn_at: Date | null }[]
  >`select purpose, given_at, notice_version, language, withdrawn_at from consents where email = ${email} order by given_at desc, id desc`;
  return rows.map((r) => ({
    purpose: r.purpose,
    givenAt: new Date(r.given_at).toISOString(),
    noticeVersion: r.notice_version,
    language: r.language,
    withdrawnAt: r.withdrawn_at ? new Date(r.withdrawn_at).toISOString() : null,
  }));
}

/** POST /choices: the consents the link's address gave. */
export async function choicesByLink(token: string): Promise<ChoicesAnswer> {
  const email = await emailOf(token);
  return { email, consents: await consentsOf(db(), email) };
}

/** Withdraws a purpose (or all) for an address, with its effects, in the caller's transaction. */
export async function withdrawWithEffects(tx: Db, email: string, purpose: ConsentPurpose | undefined, via: string): Promise<number> {
  const active = await tx<{ purpose: ConsentPurpose }[]>`
    select distinct purpose from consents where email = ${email} and withdrawn_at is null
      and (${purpose ?? null}::text is null or purpose = ${purpose ?? null})`;
  const withdrawn = await withdrawConsent(tx, { email, ...(purpose ? { purpose } : {}), via });
  for (const row of active) for (const effect of WITHDRAWAL_EFFECTS[row.purpose] ?? []) await effect(tx, email, via);
  return withdrawn;
}

/** POST /choices/withdraw: takes effect at once; the rows keep when and how. */
export async function withdrawByLink(token: string, purpose: ConsentPurpose | undefined): Promise<WithdrawAnswer> {
  const email = await emailOf(token);
  return db().begin(async (tx) => {
    const withdrawn = await withdrawWithEffects(tx, email, purpose, 'choices-link');
    log.info('consent withdrawn', { via: 'choices-link', purpose: purpose ?? 'all', withdrawn });
    return {
      email,
      consents: await consentsOf(tx, email),
      withdrawn,
      message: withdrawn > 0 ? 'Withdrawn. We have stopped at once.' : 'There was nothing left to withdraw.',
    };
  });
}

/**
 * POST /choices/unsubscribe?t=… (RFC 8058 one-click, from a mail app's Unsubscribe button): the
 * site has no consent for marketing alone, so stopping marketing withdraws every consent.
 */
export async function unsubscribeByLink(token: string): Promise<void> {
  const email = await emailOf(token);
  await db().begin((tx) => withdrawWithEffects(tx, email, undefined, 'list-unsubscribe'));
  log.info('consent withdrawn', { via: 'list-unsubscribe' });
}
