import { useState } from 'react';
import { LEAD_KIND_LABELS, STAGE_LABELS } from '../../shared/pipeline-stages.ts';
import type { QueueItem } from '../../shared/pipeline.ts';
import { BOUNCE_REASONS } from '../../shared/operations.ts';
import { personPathForLead } from '../../shared/persons.ts';
import { since } from '../admin/format.ts';
import { dateTimeIst } from '../../shared/dates.ts';
import { useAdmin } from '../admin/session.ts';
import { StageForm } from './StageForm.tsx';
import { AttendanceFlag, type LowAttendance } from './AttendanceFlag.tsx';
import '../admin/admin.css';
import '../admin/pipeline.css';
import { ListScreen, LoadStatus } from '../admin/list-screen.tsx';
import { useAdminLoad } from '../admin/useAdminQuery.ts';

const BUCKETS: { key: QueueItem['bucket']; title: string; empty: string }[] = [
  { key: 'bounced', title: 'Email bounced: get the right address', empty: '' },
  { key: 'overdue', title: 'Overdue follow-ups', empty: 'No overdue follow-ups.' },
  { key: 'new', title: 'New leads', empty: 'No new leads waiting.' },
  { key: 'later', title: 'Follow-ups later', empty: 'Nothing else open.' },
];

/**
 * /admin/queue, "My leads": the logged-in admin's open leads: emails that bounced first (get the
 * right address), then overdue follow-ups, then new leads oldest first.
 */
export default function MyLeads() {
  const admin = useAdmin({ announce: true });
  const queue = useAdminLoad<{ leads: QueueItem[] }>(admin, '/admin/queue', 'Failed to load your leads');
  const { error, reload: load } = queue;
  const leads = queue.data?.leads ?? null;
  const [open, setOpen] = useState<string | null>(null);

  return (
    <ListScreen admin={admin} title="My leads" link={{ href: '/admin/leads', label: 'All leads', secondary: true }}>
      <LoadStatus error={error} loaded={!!leads} />
      {leads ? (
        <p className="muted" role="status">
          {leads.length === 0 ? 'No open leads are assigned to you.' : `${leads.length} open ${leads.length === 1 ? 'lead' : 'leads'}.`}
        </p>
      ) : null}
      {leads && leads.length > 0
        ? BUCKETS.map((bucket) => {
            const items = leads.filter((l) => l.bucket === bucket.key);
            if ((bucket.key === 'later' || bucket.key === 'bounced') && items.length === 0) return null;
            return (
              <section key={bucket.key} className="queue-section" aria-labelledby={`queue-${bucket.key}`}>
                <h2 id={`queue-${bucket.key}`}>
                  {bucket.title} <span className="badge">{items.length}</span>
                </h2>
                {items.length === 0 ? <p className="muted">{bucket.empty}</p> : null}
                <ul className="queue-list">
                  {items.map((lead) => {
                    const key = `${lead.kind}:${lead.id}`;
                    return (
                      <li key={key} className={`queue-item card queue-${lead.bucket}`} data-lead={key}>
                        <div className="queue-main">
                          <p className="queue-who">
                            <strong>{lead.name || lead.email || '(no name)'}</strong>{' '}
                            <span className={`stage stage-${lead.stage}`}>{STAGE_LABELS[lead.stage]}</span>
                          </p>
                          <p className="muted queue-meta">
                            {LEAD_KIND_LABELS[lead.kind]} · arrived <time dateTime={lead.arrivedAt}>{since(lead.arrivedAt)} ago</time>
                            {lead.nextFollowUpAt ? (
                              <>
                                {' '}
                                · follow-up <time dateTime={lead.nextFollowUpAt}>{dateTimeIst.format(new Date(lead.nextFollowUpAt))}</time>
                              </>
                            ) : null}
                          </p>
                          {lead.summary ? <p className="queue-summary">{lead.summary}</p> : null}
                          <AttendanceFlag attendance={(lead as QueueItem & { attendance?: LowAttendance | null }).attendance} />
                          {lead.lastReplyAt ? (
                            <p className="queue-replied">
                              <span className="badge">WhatsApp</span> replied{' '}
                              <time dateTime={lead.lastReplyAt}>{since(lead.lastReplyAt)} ago</time>{' '}
                              <a href={personPathForLead(lead.kind, lead.id)}>Answer</a>
                            </p>
                          ) : null}
                          {lead.bounce ? (
                            <p className="queue-bounce">
                              <span className="badge badge-danger">Email bounced</span> {BOUNCE_REASONS[lead.bounce.reason]}
                              {lead.bounce.detail ? `: ${lead.bounce.detail}` : ''}{' '}
                              <a href={personPathForLead(lead.kind, lead.id)}>Record the right address</a>
                            </p>
                          ) : null}
                        </div>
                        <div className="queue-contact">
                          {lead.phone ? (
                            <a className="btn btn-secondary btn-sm" href={`tel:${lead.phone}`}>
                              Call {lead.phone}
                            </a>
                          ) : null}
                          {lead.email ? (
                            <a className="btn btn-secondary btn-sm" href={`mailto:${lead.email}`}>
                              Email {lead.email}
                            </a>
                          ) : null}
                          <button
                            type="button"
                            className="btn btn-primary btn-sm"
                            aria-expanded={open === key}
                            onClick={() => setOpen(open === key ? null : key)}
                          >
                            {open === key ? 'Close' : 'Update stage'}
                          </button>
                        </div>
                        {open === key ? (
                          <StageForm
                            kind={lead.kind}
                            id={lead.id}
                            stage={lead.stage}
                            nextFollowUpAt={lead.nextFollowUpAt}
                            label={`Update ${lead.name || 'this lead'}`}
                            onDone={() => {
                              setOpen(null);
                              load();
                            }}
                          />
                        ) : null}
                      </li>
                    );
                  })}
                </ul>
              </section>
            );
          })
        : null}
    </ListScreen>
  );
}
