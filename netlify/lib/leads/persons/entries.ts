/**
 * The entries of a person's timeline, by where they come from: the leads' forms, payments,
 * purchases and refunds; fee-plan parts paid (read from the fee plans' own function); emails sent
 * to the person; the pipeline's stage changes and notes.
 */
import { STAGE_LABELS, TIMELINE_FORM_TITLES, type TimelineEntry } from '../../../../src/shared/persons.ts';
import { formatPaise } from '../../../../src/shared/money.ts';
import type { Tx } from '../../platform/index.ts';
import { paidParts } from '../../instalments/index.ts';

export const iso = (value: Date | string) => new Date(value).toISOString();
const excerpt = (text: string | null | undefined, max = 160) => {
  const value = (text ?? '').replace(/\s+/g, ' ').trim();
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
};

export type FactRow = {
  lead_kind: string;
  lead_id: string;
  created_at: Date;
  name: string | null;
  email: string | null;
  phone: string | null;
  form: string;
  programme: string | null;
  stage: string | null;
} & Record<string, string | null | Date>;

const ids = (leads: FactRow[], kind: string) =>
  leads
    .filter((l) => l.lead_kind === kind)
    .map((l) => l.lead_id)
    .concat('0');
const numericIds = (leads: FactRow[], kind: string) => ids(leads, kind).map(Number);

export async function leadEntries(tx: Tx, leads: FactRow[]): Promise<TimelineEntry[]> {
  const out: TimelineEntry[] = [];
  const byKey = new Map(leads.map((l) => [`${l.lead_kind}:${l.lead_id}`, l]));
  const contacts = await tx<{ id: string; source: string; programme: string | null; comments: string; created_at: Date }[]>`
    select id::text, source, programme, comments, created_at from contact_requests where id in ${tx(numericIds(leads, 'contact'))}`;
  for (const c of contacts) {
    const detail = [c.programme, excerpt(c.comments)].filter(Boolean).join(' · ');
    out.push({
      at: iso(c.created_at),
      kind: c.source === 'contact' ? 'contact' : 'callback',
      title: TIMELINE_FORM_TITLES[c.source] ?? 'Contact request',
      ...(detail ? { detail } : {}),
      lead: { kind: 'contact', id: c.id },
    });
  }
  const scholarships = await tx<{ id: string; institute: string; message: string; created_at: Date }[]>`
    select id::text, institute, message, created_at from scholarship_applications where id in ${tx(numericIds(leads, 'scholarship'))}`;
  for (const s of scholarships)
    out.push({
      at: iso(s.created_at),
      kind: 'scholarship',
      title: TIMELINE_FORM_TITLES.scholarship!,
      detail: `${s.institute} · ${excerpt(s.message)}`,
      lead: { kind: 'scholarship', id: s.id },
    });
  const pitches = await tx<{ id: string; startup_name: string; stage: string; created_at: Date }[]>`
    select id::text, startup_name, stage, created_at from startup_pitches where id in ${tx(numericIds(leads, 'pitch'))}`;
  for (const p of pitches)
    out.push({
      at: iso(p.created_at),
      kind: 'pitch',
      title: TIMELINE_FORM_TITLES.pitch!,
      detail: `${p.startup_name} · ${p.stage}`,
      lead: { kind: 'pitch', id: p.id },
    });
  for (const id of ids(leads, 'registration').slice(0, -1)) {
    const lead = byKey.get(`registration:${id}`)!;
    out.push({ at: iso(lead.created_at), kind: 'registration', title: 'Registration', lead: { kind: 'registration', id } });
  }
  const fees = await tx<{ registration_id: string; program_name: string; amount_paise: string; paid_at: Date }[]>`
    select registration_id, program_name, amount_paise::text, paid_at from registration_payments
    where status = 'paid' and registration_id in ${tx(ids(leads, 'registration'))}`;
  for (const f of fees)
    out.push({
      at: iso(f.paid_at),
      kind: 'fee-payment',
      title: `Registration fee paid: ${formatPaise(Number(f.amount_paise))}`,
      detail: f.program_name,
      lead: { kind: 'registration', id: f.registration_id },
    });
  const orders = await tx<
    {
      id: string;
      title: string;
      amount_paise: string;
      status: string;
      refund_reason: string | null;
      created_at: Date;
      paid_at: Date | null;
      refunded_at: Date | null;
    }[]
  >`
    select o.id::text, c.title, o.amount_paise::text, o.status, o.refund_reason, o.created_at, o.paid_at,
           p.duplicate_refunded_at as refunded_at
    from course_orders o join courses c on c.id = o.course_id left join payment_orders p on p.id = o.gateway_order_id
    where o.id in ${tx(numericIds(leads, 'order'))}`;
  for (const o of orders) {
    const amount = formatPaise(Number(o.amount_paise));
    const lead = { kind: 'order', id: o.id };
    out.push({ at: iso(o.created_at), kind: 'checkout', title: `Course checkout opened: ${o.title}`, detail: amount, lead });
    if (o.paid_at)
      out.push({
        at: iso(o.paid_at),
        kind: 'purchase',
        title: purchaseTitle(o),
        detail: amount,
        lead,
      });
    if (o.refunded_at) out.push({ at: iso(o.refunded_at), kind: 'refund', title: `Refund: ${o.title}`, detail: amount, lead });
  }
  out.push(...(await refundEntries(tx, leads)));
  return out;
}

/** Refunds an admin made (the refunds table, where the database has it), by the lead they paid for. */
async function refundEntries(tx: Tx, leads: FactRow[]): Promise<TimelineEntry[]> {
  const [present] = await tx<{ ok: boolean }[]>`select to_regclass('public.refunds') is not null as ok`;
  if (!present?.ok) return [];
  const rows = await tx<{ lead_kind: string; lead_id: string; amount_paise: string; status: string; reason: string; created_at: Date }[]>`
    select 'order' as lead_kind, o.id::text as lead_id, r.amount_paise::text, r.status, r.reason, r.created_at
    from refunds r join course_orders o on o.gateway_order_id = r.order_id
    where o.id in ${tx(numericIds(leads, 'order'))}
    union all
    select 'registration', p.registration_id, r.amount_paise::text, r.status, r.reason, r.created_at
    from refunds r join registration_payments p on p.order_id = r.order_id
    where p.registration_id in ${tx(ids(leads, 'registration'))}`;
  return rows.map((r) => ({
    at: iso(r.created_at),
    kind: 'refund',
    title: `Refund ${r.status}: ${formatPaise(Number(r.amount_paise))}`,
    detail: excerpt(r.reason),
    lead: { kind: r.lead_kind, id: r.lead_id },
  }));
}

/** Parts of fee plans the person paid (by the emails they enrolled with), and their refunds. */
export async function feePlanEntries(tx: Tx, emails: string[]): Promise<TimelineEntry[]> {
  if (emails.length === 0) return [];
  return (await paidParts(tx, { emails })).flatMap((p): TimelineEntry[] => {
    const detail = `${p.plan}, ${p.part}`;
    const amount = formatPaise(p.amountPaise);
    return [
      { at: iso(p.paidAt), kind: 'fee-payment', title: `Fee plan part paid: ${amount}`, detail },
      ...(p.refundedAt ? [{ at: iso(p.refundedAt), kind: 'refund' as const, title: `Refund of a fee plan part: ${amount}`, detail }] : []),
    ];
  });
}

/** Stage changes and notes of the person's leads (the lead pipeline). */
export async function pipelineEntries(tx: Tx, leads: FactRow[]): Promise<TimelineEntry[]> {
  if (leads.length === 0) return [];
  const keys = leads.map((l) => `${l.lead_kind}:${l.lead_id}`);
  const changes = await tx<
    {
      lead_kind: string;
      lead_id: string;
      from_stage: string | null;
      to_stage: string;
      note: string | null;
      at: Date;
      actor: string | null;
    }[]
  >`
    select c.lead_kind, c.lead_id, c.from_stage, c.to_stage, c.note, c.at,
           nullif(trim(a.first_name || ' ' || a.last_name), '') as actor
    from lead_stage_changes c left join accounts a on a.id = c.actor_id
    where c.lead_kind || ':' || c.lead_id in ${tx(keys)}`;
  const notes = await tx<{ lead_kind: string; lead_id: string; body: string; created_at: Date; author: string | null }[]>`
    select n.lead_kind, n.lead_id, n.body, n.created_at, nullif(trim(a.first_name || ' ' || a.last_name), '') as author
    from lead_notes n left join accounts a on a.id = n.author_id
    where n.lead_kind || ':' || n.lead_id in ${tx(keys)}`;
  const stage = (s: string | null) => (s ? (STAGE_LABELS[s] ?? s) : '');
  return [
    ...changes
      .filter((c) => c.from_stage !== null)
      .map((c): TimelineEntry => ({
        at: iso(c.at),
        kind: 'stage',
        title: `Stage: ${stage(c.from_stage)} → ${stage(c.to_stage)}${c.actor ? ` by ${c.actor}` : ''}`,
        ...(c.note ? { detail: c.note } : {}),
        lead: { kind: c.lead_kind, id: c.lead_id },
      })),
    ...notes.map((n): TimelineEntry => ({
      at: iso(n.created_at),
      kind: 'note',
      title: `Note${n.author ? ` by ${n.author}` : ''}`,
      detail: n.body,
      lead: { kind: n.lead_kind, id: n.lead_id },
    })),
  ];
}

/** A course capture: a purchase, a second payment for a course owned, or one whose code was no longer held. */
function purchaseTitle(order: { title: string; status: string; refund_reason: string | null }): string {
  if (order.status !== 'duplicate') return `Course purchased: ${order.title}`;
  if (order.refund_reason === 'code-not-held') return `Paid with a code no longer held (refunded): ${order.title}`;
  return `Paid again for a course already owned: ${order.title}`;
}
