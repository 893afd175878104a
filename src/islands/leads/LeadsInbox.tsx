import { useState } from 'react';
import { LEAD_KIND_LABELS, LEAD_KINDS, STAGE_LABELS, STAGES, type LeadDto, type LeadKind } from '../../shared/pipeline.ts';
import type { AdminOption } from '../../shared/pipeline.ts';
import { formatRupees } from '../../shared/money.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { Toasts } from '../ui/Toasts.tsx';
import { LeadPipeline } from './LeadPipeline.tsx';
import { useAdminMe } from '../admin/me.ts';
import { useAdmin } from '../admin/session.ts';
import '../admin/admin.css';
import '../admin/pipeline.css';
import { DateRangeFields, FilterActions, LoadStatus, useFilterForm } from '../admin/parts.tsx';
import { queryOf, useAdminQuery } from '../admin/useAdminQuery.ts';
import { dateTimeIst } from '../../shared/dates.ts';

type Filter = { kind: string; stage: string; owner: string; from: string; to: string; q: string };
const NO_FILTER: Filter = { kind: '', stage: '', owner: '', from: '', to: '', q: '' };
type InboxAnswer = { leads: LeadDto[]; kinds: LeadKind[]; limit: number; admins: AdminOption[] };
const KIND_NAME: Record<LeadKind, string> = {
  contact: 'Contact',
  scholarship: 'Scholarship',
  pitch: 'Pitch',
  registration: 'Registration',
  order: 'Course order',
};

/** "utmSource" -> "Utm source" for the detail view ("amountRupees" -> "Amount"). */
function label(key: string): string {
  const words = key
    .replace(/Rupees$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function show(key: string, value: unknown): string {
  if (key.endsWith('Rupees') && typeof value === 'number') return formatRupees(value);
  if (Array.isArray(value)) return value.join(', ');
  if (value && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * /admin/leads: every enquiry and payment, newest first, with its stage and owner; filters, CSV
 * export, and the details with the lead's pipeline (stage form, owner, history, notes).
 */
export default function LeadsInbox() {
  const admin = useAdmin({ announce: true });
  const me = useAdminMe(!!admin);
  const { draft, filter, set, apply, clear } = useFilterForm(NO_FILTER);
  const inbox = useAdminQuery<InboxAnswer, Filter>(admin, filter, `/admin/leads${queryOf(filter)}`, 'Failed to load the leads');
  const { error, reload } = inbox;
  const leads = inbox.data?.leads ?? null;
  const limit = inbox.data?.limit ?? 0;
  // The pickers keep their options while a new filter loads.
  const kinds: readonly LeadKind[] = inbox.latest?.kinds ?? LEAD_KINDS;
  const admins: AdminOption[] = inbox.latest?.admins ?? [];
  const [open, setOpen] = useState<LeadDto | null>(null);
  const csvHref = `/api/v1/admin/leads${queryOf({ ...filter, format: 'csv' })}`;

  if (!admin) return <Toasts />;
  return (
    <>
      <Toasts />
      <div className="admin-head">
        <h1>Leads</h1>
        <div className="admin-actions">
          <a className="btn btn-primary" href={csvHref} download>
            Export CSV
          </a>
        </div>
      </div>
      <form className="admin-filters leads-filters card" onSubmit={apply} aria-label="Filter leads" role="search">
        <div className="field">
          <label htmlFor="lead-kind">Kind</label>
          <select id="lead-kind" className="input" value={draft.kind} onChange={set('kind')}>
            <option value="">All kinds</option>
            {kinds.map((kind) => (
              <option key={kind} value={kind}>
                {LEAD_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="lead-stage">Stage</label>
          <select id="lead-stage" className="input" value={draft.stage} onChange={set('stage')}>
            <option value="">Every stage</option>
            {STAGES.map((stage) => (
              <option key={stage} value={stage}>
                {STAGE_LABELS[stage]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="lead-owner">Owner</label>
          <select id="lead-owner" className="input" value={draft.owner} onChange={set('owner')}>
            <option value="">Anyone</option>
            <option value="me">Me</option>
            <option value="none">Nobody</option>
            {admins.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </div>
        <DateRangeFields idPrefix="lead" from={draft.from} to={draft.to} onFrom={set('from')} onTo={set('to')} />
        <div className="field">
          <label htmlFor="lead-q">Search</label>
          <input
            id="lead-q"
            className="input"
            type="search"
            placeholder="Name, email or phone"
            value={draft.q}
            onChange={set('q')}
            maxLength={100}
          />
        </div>
        <FilterActions onClear={clear} />
      </form>
      <LoadStatus error={error} loaded={!!leads} />
      {leads && leads.length === 0 ? (
        <p className="admin-status" role="status">
          No leads match this filter.
        </p>
      ) : null}
      {leads && leads.length > 0 ? (
        <>
          <p className="muted" role="status">
            {leads.length === limit
              ? `Showing the newest ${limit}. Narrow the filter or export the CSV for all.`
              : `${leads.length} ${leads.length === 1 ? 'lead' : 'leads'}, newest first.`}
          </p>
          <ul className="admin-leads">
            {leads.map((lead) => (
              <li key={`${lead.kind}:${lead.id}`}>
                <button type="button" className="admin-lead" onClick={() => setOpen(lead)}>
                  <span className="admin-lead-meta">
                    <span className="badge">{KIND_NAME[lead.kind]}</span>
                    <br />
                    <time dateTime={lead.createdAt}>{dateTimeIst.format(new Date(lead.createdAt))}</time>
                  </span>
                  <span className="admin-lead-who">{lead.name || '(no name)'}</span>
                  <span className="admin-lead-meta">
                    {lead.email}
                    {lead.phone ? (
                      <>
                        <br />
                        {lead.phone}
                      </>
                    ) : null}
                  </span>
                  <span className="admin-lead-summary">
                    {lead.summary}
                    <br />
                    <span className={`stage stage-${lead.stage}`}>{STAGE_LABELS[lead.stage]}</span>{' '}
                    <span className="admin-lead-stage">{lead.ownerName ? `Owner: ${lead.ownerName}` : 'No owner'}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open ? `${KIND_NAME[open.kind]}: ${open.name || open.email}` : 'Lead'}
      >
        {open ? (
          <dl className="admin-details">
            <dt>Received</dt>
            <dd>{dateTimeIst.format(new Date(open.createdAt))}</dd>
            <dt>Name</dt>
            <dd>{open.name || '-'}</dd>
            <dt>Email</dt>
            <dd>{open.email ? <a href={`mailto:${open.email}`}>{open.email}</a> : '-'}</dd>
            <dt>Phone</dt>
            <dd>{open.phone ? <a href={`tel:${open.phone}`}>{open.phone}</a> : '-'}</dd>
            {Object.entries(open.details).map(([key, value]) => (
              <div key={key} style={{ display: 'contents' }}>
                <dt>{label(key)}</dt>
                <dd>{show(key, value)}</dd>
              </div>
            ))}
            <dt>Reference</dt>
            <dd>
              {open.kind} #{open.id}
            </dd>
          </dl>
        ) : null}
        {open ? <LeadPipeline kind={open.kind} id={open.id} me={me} admins={admins} onChange={reload} /> : null}
      </Dialog>
    </>
  );
}
