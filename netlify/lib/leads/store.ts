/**
 * The one lead store: a lead row, its record of consent and its two emails (a confirmation to the
 * person, a notification to the team) are written in ONE transaction, so none exists without the
 * others. The lead's pipeline row (stage, owner) is opened by the database in the same
 * transaction (migration 20261124050000). Delivery happens after the answer (mail/index.ts).
 */
import { createHmac } from 'node:crypto';
import type { TrackingInput } from '../../../src/shared/tracking.ts';
import { recordLeadTouches } from './touches.ts';
import type { z } from 'zod';
import type { Tracking } from '../../../src/shared/leads.ts';
import { recordConsent, db, type Db, env, HttpError, log, rateLimit } from '../platform/index.ts';
import { leadGuardian } from '../../../src/shared/minors-schema.ts';
import { requestParentConsent } from '../guardians/index.ts';
import { enqueueEmail } from '../outbox/index.ts';
import { notify, optInWhatsApp } from '../messaging/index.ts';
import { orNull, type LeadDefinition } from './definition.ts';
import { LEAD_DEFINITIONS, type FormLeadKind } from './kinds.ts';

const WINDOW_SECONDS = 10 * 60;

/** Per-IP limit on each lead form (LEAD_RATE_LIMIT_PER_10_MIN); 429 with Retry-After beyond it. */
export async function limitLeads(kind: FormLeadKind, ip: string): Promise<void> {
  await rateLimit({ bucket: `lead-${kind}`, key: ip, limit: env().LEAD_RATE_LIMIT_PER_10_MIN, windowSeconds: WINDOW_SECONDS });
}

/** A keyed hash of the sender's address: links repeat senders without storing the address. */
function ipHash(ip: string): string {
  return createHmac('sha256', env().jwtSecret).update(`lead-ip:${ip}`).digest('hex').slice(0, 32);
}

function trackingColumns(data: Tracking) {
  return {
    utm_source: orNull(data.utm_source),
    utm_medium: orNull(data.utm_medium),
    utm_campaign: orNull(data.utm_campaign),
    utm_term: orNull(data.utm_term),
    utm_content: orNull(data.utm_content),
    referrer: orNull(data.referrer),
  };
}

export type LeadData<K extends FormLeadKind> = z.output<(typeof LEAD_DEFINITIONS)[K]['schema']>;

/** The first name of the admin the lead was given to (the database assigns it on insert). */
async function counsellorName(tx: Db, kind: string, id: string): Promise<string> {
  const [owner] = await tx<{ name: string | null }[]>`
    select nullif(trim(a.first_name), '') as name from lead_pipeline p join accounts a on a.id = p.owner_id
    where p.lead_kind = ${kind} and p.lead_id = ${id}`;
  return owner?.name ?? 'An advisor';
}

/** Stores one lead of `kind` (already checked with its schema); answers the visitor's message. */
export async function createLead<K extends FormLeadKind>(kind: K, data: LeadData<K>, ip: string): Promise<{ message: string }> {
  // The map's entries differ in their data type; `kind` ties the data to its definition.
  const definition = LEAD_DEFINITIONS[kind] as unknown as LeadDefinition<z.ZodType<LeadData<K>>>;
  const emails = definition.emails(data);
  // A child (DPDP Act s.9): the parent is asked first; no campaign trail, no email to the child.
  const { parent, problems } = leadGuardian(data as Parameters<typeof leadGuardian>[0]);
  if (problems.length) throw new HttpError(400, problems);
  const age = data as { noticeLanguage?: 'en' | 'hi' };
  const ref = await db().begin(async (tx) => {
    const columns = definition.columns(data);
    const tracking = parent ? {} : trackingColumns(definition.tracking(data));
    const row: Record<string, unknown> = { ...columns, ...tracking, ip_hash: ipHash(ip) };
    const [inserted] = await tx<{ id: string }[]>`insert into ${tx(definition.table)} ${tx(row)} returning id::text`;
    const id = inserted!.id;
    if (!parent) await recordLeadTouches(tx, { kind, id }, data as TrackingInput);
    await recordConsent(tx, {
      email: definition.email(data),
      purpose: definition.consentPurpose(data),
      subjectTable: definition.table,
      subjectId: id,
      language: age.noticeLanguage ?? 'en',
      minor: parent !== null,
    });
    const phone = typeof row.phone === 'string' ? row.phone : null;
    // A child's opt-in waits: nothing is sent to a child until the parent has confirmed.
    if (!parent && (data as { whatsapp?: boolean }).whatsapp === true && phone) {
      // Messages in the language of the notice the person read beside the form.
      const language = age.noticeLanguage ?? 'en';
      await optInWhatsApp(tx, { email: definition.email(data), phone, language, subjectTable: definition.table, subjectId: id });
    }
    const reference = `${kind}-${id}`;
    if (parent) {
      const name = typeof columns['name'] === 'string' && columns['name'] ? columns['name'] : 'Your child';
      await requestParentConsent(tx, {
        subject: { table: definition.table, id },
        child: { email: definition.email(data), name },
        parent,
        language: age.noticeLanguage ?? 'en',
        what: 'enquiry',
      });
    } else {
      // The confirmation goes to whatever address the form named (capped per address per day), and
      // by WhatsApp too, with the counsellor's name, to a person with a proven number.
      const { confirmation } = emails;
      await notify(tx, {
        email: { to: definition.email(data), ...confirmation, tag: `${emails.tag}-confirmation`, toVisitor: true },
        template: 'lead_received',
        variables: [typeof row.name === 'string' && row.name ? row.name : 'there', await counsellorName(tx, kind, id)],
      });
    }
    await enqueueEmail(tx, { to: env().TEAM_EMAIL, ...emails.notification(reference), tag: `${emails.tag}-notification` });
    return reference;
  });
  log.info('lead stored', { kind, ref });
  return {
    message: parent ? 'Thank you. We have emailed your parent or guardian: we will reply once they confirm.' : definition.answer(data),
  };
}
