import { useState } from 'react';
import { LEAD_KIND_LABELS, LEAD_KINDS, STAGE_LABELS, STAGES, type LeadKind } from '../../shared/pipeline-stages.ts';
import type { LeadDto, AdminOption, MinorContactDto } from '../../shared/pipeline.ts';
import { formatRupees } from '../../shared/money.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { LeadPipeline } from './LeadPipeline.tsx';
import { LeadContactValue, ParentOnly } from './ParentOnly.tsx';
import { useAdminMe } from '../admin/me.ts';
import { useAdmin } from '../admin/session.ts';
import '../admin/admin.css';
import '../admin/pipeline.css';
import { DateRangeFields, FilterForm, ListScreen, LoadStatus, SelectField, useFilterForm } from '../admin/list-screen.tsx';
import { PageFooter, SortBar, sortFields, usePages, useSort } from '../admin/list-pages.tsx';
import { queryOf } from '../admin/useAdminQuery.ts';
import type { Page, SortDir, SortOf } from '../../shared/paging.ts';
import { dateTimeIst } from '../../shared/dates.ts';

type Filter = { kind: string; stage: string; owner: string; from: string; to: string; q: string };
const NO_FILTER: Filter = { kind: '', stage: '', owner: '', from: '', to: '', q: '' };
type InboxAnswer = Page<LeadDto> & { kinds: LeadKind[]; admins: AdminOption[] };
const SORT_HEADS: [SortOf<'leads'>, string][] = [
  ['created', 'Received'],
  ['name', 'Name'],
  ['stage', 'Stage'],
  ['activity', 'Last activity'],
  ['follow_up', 'Next follow-up'],
];
/** The order in words, under the list. */
const ORDER_WORDS: Record<SortOf<'leads'>, Record<SortDir, string>> = {
  created: { desc: 'newest first', asc: 'oldest first' },
  name: { asc: 'by name, A to Z', desc: 'by name, Z to A' },
  stage: { asc: 'by stage, New first', desc: 'by stage, Lost first' },
  activity: { desc: 'latest activity first', asc: 'least recent activity first' },
  follow_up: { asc: 'soonest follow-up first', desc: 'latest follow-up first' },
};
const KIND_NAME: Record<LeadKind, string> = {
  contact: 'Contact',
  scholarship: 'Scholarship',
  pitch: 'Pitch',
  registration: 'Registration',
  order: 'Course order',
};
const STAGE_CHOICES = STAGES.map((stage) => ({ value: stage, label: STAGE_LABELS[stage] }));
/** Before the admins by name: the one looking, and nobody. */
const OWNER_CHOICES = [
  { value: 'me', label: 'Me' },
  { value: 'none', label: 'Nobody' },
];

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
 * /admin/leads: every enquiry and payment, newest first or as sorted, a page at a time, with its
 * stage and owner; filters, CSV export (everything the filter matches), and the details with the lead's pipeline (stage form, owner, history, notes).
 */
export default function LeadsInbox() {
  const admin = useAdmin({ announce: true });
  const me = useAdminMe(!!admin);
  const form = useFilterForm(NO_FILTER);
  const { draft, filter, set, bind } = form;
  const sorting = useSort('leads');
  const inbox = usePages<LeadDto, InboxAnswer>(admin, filter, `/admin/leads${queryOf(filter)}`, sorting, 'Failed to load the leads');
  const { error, reload } = inbox;
  const leads = inbox.rows;
  // The pickers keep their options while a new filter loads.
  const kinds: readonly LeadKind[] = inbox.latest?.kinds ?? LEAD_KINDS;
  const admins: AdminOption[] = inbox.latest?.admins ?? [];
  const [open, setOpen] = useState<LeadDto | null>(null);
  // A child's lead shows the parent as the contact: known once the lead's pipeline has loaded.
  const [minorOf, setMinorOf] = useState<{ key: string; minor: MinorContactDto | null } | null>(null);
  const minor = open && minorOf?.key === `${open.kind}:${open.id}` ? minorOf.minor : undefined;
  // A counsellor's export holds only the leads they own (the API refuses any other owner).
  const ownExport = me?.adminRole === 'counsellor';
  const csvHref = `/api/v1/admin/leads${queryOf({ ...filter, ...(ownExport ? { owner: 'me' } : {}), ...sortFields('leads', sorting), format: 'csv' })}`;

  return (
    <ListScreen admin={admin} title="Leads" csv={csvHref} csvLabel={ownExport ? 'Export my leads (CSV)' : 'Export CSV'}>
      <FilterForm label="Filter leads" className="leads-filters" form={form}>
        <SelectField
          id="lead-kind"
          label="Kind"
          blank="All kinds"
          choices={kinds.map((kind) => ({ value: kind, label: LEAD_KIND_LABELS[kind] }))}
          {...bind('kind')}
        />
        <SelectField id="lead-stage" label="Stage" blank="Every stage" choices={STAGE_CHOICES} {...bind('stage')} />
        <SelectField
          id="lead-owner"
          label="Owner"
          blank="Anyone"
          choices={[...OWNER_CHOICES, ...admins.map((a) => ({ value: a.id, label: a.name }))]}
          {...bind('owner')}
        />
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
      </FilterForm>
      <LoadStatus error={error} loaded={!!leads} />
      {leads && leads.length === 0 ? (
        <p className="admin-status" role="status">
          No leads match this filter.
        </p>
      ) : null}
      {leads && leads.length > 0 ? (
        <>
          <SortBar caption="Sort the leads" heads={SORT_HEADS} sorting={sorting} />
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
          <PageFooter
            shown={leads.length}
            noun={['lead', 'leads']}
            order={ORDER_WORDS[sorting.sort][sorting.dir]}
            more={inbox.next !== null}
            loading={inbox.loading}
            onMore={inbox.loadMore}
          />
        </>
      ) : null}
      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open ? `${KIND_NAME[open.kind]}: ${open.name || open.email}` : 'Lead'}
      >
        {open && minor ? <ParentOnly minor={minor} /> : null}
        {open ? (
          <dl className="admin-details">
            <dt>Received</dt>
            <dd>{dateTimeIst.format(new Date(open.createdAt))}</dd>
            <dt>Name</dt>
            <dd>{open.name || '-'}</dd>
            <dt>Email</dt>
            <dd>{open.email ? <LeadContactValue value={open.email} href={`mailto:${open.email}`} minor={minor} /> : '-'}</dd>
            <dt>Phone</dt>
            <dd>{open.phone ? <LeadContactValue value={open.phone} href={`tel:${open.phone}`} minor={minor} /> : '-'}</dd>
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
        {open ? (
          <LeadPipeline
            kind={open.kind}
            id={open.id}
            me={me}
            admins={admins}
            onChange={reload}
            onLoaded={(detail) => setMinorOf({ key: `${open.kind}:${open.id}`, minor: detail.minor ?? null })}
          />
        ) : null}
      </Dialog>
    </ListScreen>
  );
}
