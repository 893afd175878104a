import { useState } from 'react';
import { api, errorText } from '../../lib/api.ts';
import { dateTimeIst } from '../../shared/dates.ts';
import {
  BOUNCE_REASONS,
  type EmailBounceDto,
  type JobStatusDto,
  type OperationsDto,
  type WebhookStatusDto,
} from '../../shared/operations.ts';
import { Toasts, toast } from '../ui/Toasts.tsx';
import { handleSessionEnd, useAdmin } from '../admin/session.ts';
import { since } from '../admin/format.ts';
import { LoadStatus } from '../admin/list-screen.tsx';
import { useAdminQuery } from '../admin/useAdminQuery.ts';
import { FieldVitals } from './FieldVitals.tsx';
import { HourBars } from './HourBars.tsx';
import { Reconciliation } from './Reconciliation.tsx';
import '../admin/admin.css';
import './operations.css';

const NO_FILTER = {};
const at = (iso: string | null) => (iso ? <time dateTime={iso}>{dateTimeIst.format(new Date(iso))}</time> : 'never');
const every = (minutes: number) => (minutes >= 1440 ? 'daily' : `every ${minutes} min`);
const JOB_STATE = { 'on-time': ['On time', 'badge-ok'], late: ['Late', 'badge-danger'], never: ['No run yet', ''] } as const;
const SOURCE = {
  razorpay: 'Razorpay (payments)',
  postmark: 'Postmark (bounces)',
  whatsapp: 'WhatsApp (messages)',
  zoom: 'Zoom (live classes)',
} as const;
const SECRET_VARIABLE = {
  razorpay: 'RAZORPAY_WEBHOOK_SECRET',
  postmark: 'POSTMARK_WEBHOOK_SECRET',
  whatsapp: 'WHATSAPP_APP_SECRET',
  zoom: 'ZOOM_WEBHOOK_SECRET_TOKEN',
} as const;

/**
 * /admin/operations (owners): is anything going wrong? Open alerts; the outbox (pending, the oldest
 * pending, failed and held back in 24 hours, bounced addresses) with a chart of the last 24 hours;
 * webhooks; each scheduled job's last success and whether it is late; the reconciliation with the
 * payment gateway; the database's round trip; field data from visitors' browsers.
 */
export default function Operations() {
  const admin = useAdmin({ announce: true });
  const { data, latest, error, reload } = useAdminQuery<OperationsDto, object>(
    admin,
    NO_FILTER,
    '/admin/operations',
    'Failed to load operations',
  );
  const view = data ?? latest;
  const [asked, setAsked] = useState(0);

  if (!admin) return <Toasts />;
  return (
    <>
      <Toasts />
      <div className="admin-head">
        <h1>Operations</h1>
        <div className="admin-actions">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              reload();
              setAsked((n) => n + 1);
            }}
          >
            Refresh
          </button>
        </div>
      </div>
      <LoadStatus error={error} loaded={!!view} />
      {view ? (
        <>
          <p className="muted" role="status">
            Checked {at(view.checkedAt)}. Database round trip {view.databaseMs >= 0 ? `${view.databaseMs} ms` : 'failed'}.
            {view.local ? ' Local run: the scheduled jobs run only once deployed on Netlify.' : ''}
          </p>
          <Alerts alerts={view.alerts} />
          <section className="ops-section" aria-labelledby="ops-outbox">
            <h2 id="ops-outbox">Emails</h2>
            <dl className="ops-tiles">
              <Tile label="Pending" value={String(view.outbox.pending)} />
              <Tile label="Oldest pending" value={view.outbox.oldestPendingAt ? since(view.outbox.oldestPendingAt) : '-'} />
              <Tile label="Failed in 24 h" value={String(view.outbox.failed24h)} warn={view.outbox.failed24h > 0} />
              <Tile label="Bounced addresses" value={String(view.outbox.bounced)} warn={view.outbox.bounced > 0} />
            </dl>
            <HourBars
              title="Emails by hour"
              hours={view.hours}
              series={[
                { key: 'sent', label: 'Sent', colour: '#1f3fb8' },
                { key: 'failed', label: 'Failed', colour: '#b42318' },
                { key: 'suppressed', label: 'Not sent (bounced address)', colour: '#e29b12' },
              ]}
            />
            <Bounces bounces={view.bounces} onCleared={reload} />
          </section>
          <section className="ops-section" aria-labelledby="ops-jobs">
            <h2 id="ops-jobs">Scheduled jobs</h2>
            <ul className="ops-cards">
              {view.jobs.map((job) => (
                <Job key={job.name} job={job} />
              ))}
            </ul>
          </section>
          <section className="ops-section" aria-labelledby="ops-webhooks">
            <h2 id="ops-webhooks">Webhooks</h2>
            <ul className="ops-cards">
              {view.webhooks.map((hook) => (
                <Webhook key={hook.source} hook={hook} />
              ))}
            </ul>
            <HourBars
              title="Webhooks by hour"
              hours={view.hours}
              series={[
                { key: 'accepted', label: 'Accepted', colour: '#157347' },
                { key: 'refused', label: 'Refused', colour: '#b42318' },
              ]}
            />
          </section>
          <Reconciliation days={view.reconciliations} onDone={reload} />
          <FieldVitals admin={admin} version={asked} />
        </>
      ) : null}
    </>
  );
}

function Tile({ label, value, warn = false }: { label: string; value: string; warn?: boolean }) {
  return (
    <div className={`card ops-tile${warn ? ' ops-tile-warn' : ''}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function Alerts({ alerts }: { alerts: OperationsDto['alerts'] }) {
  const open = alerts.filter((a) => !a.resolvedAt);
  const resolved = alerts.filter((a) => a.resolvedAt);
  return (
    <section className="ops-section" aria-labelledby="ops-alerts">
      <h2 id="ops-alerts">
        Alerts{' '}
        <span className={`badge ${open.length ? 'badge-danger' : 'badge-ok'}`}>{open.length ? `${open.length} open` : 'none open'}</span>
      </h2>
      {open.length === 0 ? <p className="muted">Nothing needs a look. Owners get an email when something does.</p> : null}
      <ul className="ops-alerts">
        {open.map((a) => (
          <li key={a.problem} className="card ops-alert">
            <strong>{a.title}</strong>
            <span className="muted">
              Since {at(a.firstSeenAt)}; {a.lastEmailedAt ? <>emailed {at(a.lastEmailedAt)}</> : 'not emailed yet'}
            </span>
          </li>
        ))}
        {resolved.map((a) => (
          <li key={`${a.problem}:${a.resolvedAt}`} className="card ops-alert ops-alert-resolved">
            <span>{a.title}</span>
            <span className="muted">Resolved {at(a.resolvedAt)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Bounces({ bounces, onCleared }: { bounces: EmailBounceDto[]; onCleared: () => void }) {
  const [busy, setBusy] = useState<string | null>(null);
  async function clear(address: string) {
    setBusy(address);
    try {
      toast.success((await api<{ message: string }>('/admin/operations/bounces/clear', { body: { address } })).message);
      onCleared();
    } catch (failure) {
      if (!handleSessionEnd(failure)) toast.error(errorText(failure, 'The bounce could not be cleared'));
    } finally {
      setBusy(null);
    }
  }
  return (
    <>
      <h3>Bounced addresses</h3>
      {bounces.length === 0 ? <p className="muted">No address is marked undeliverable.</p> : null}
      <ul className="ops-cards" aria-label="Bounced addresses">
        {bounces.map((b) => (
          <li key={b.address} className="card ops-card" data-bounce={b.address}>
            <p className="ops-card-title">
              <strong>{b.address}</strong> <span className="badge badge-danger">{BOUNCE_REASONS[b.reason]}</span>
            </p>
            <p className="muted">
              Since {at(b.bouncedAt)}
              {b.correctedTo ? `; right address recorded: ${b.correctedTo}` : '; no right address yet'}
            </p>
            {b.detail ? <p className="ops-detail">{b.detail}</p> : null}
            {b.canReactivate ? (
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                aria-label={`Clear: it works again (${b.address})`}
                disabled={busy === b.address}
                onClick={() => clear(b.address)}
              >
                {busy === b.address ? 'Clearing...' : 'Clear: it works again'}
              </button>
            ) : (
              <p className="muted">A spam complaint: only Postmark support can lift it.</p>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

function Job({ job }: { job: JobStatusDto }) {
  const [label, tone] = JOB_STATE[job.state];
  return (
    <li className={`card ops-card${job.state === 'late' ? ' ops-card-warn' : ''}`} data-job={job.name}>
      <p className="ops-card-title">
        <strong>{job.label}</strong> <span className={`badge ${tone}`}>{label}</span>
      </p>
      <p className="muted">
        {job.name}, {every(job.everyMinutes)}
      </p>
      <p>Last success: {at(job.lastSuccessAt)}</p>
      {job.lastFailureAt ? (
        <p className="ops-detail">
          Last failure {at(job.lastFailureAt)}: {job.lastError}
        </p>
      ) : null}
    </li>
  );
}

function Webhook({ hook }: { hook: WebhookStatusDto }) {
  return (
    <li className={`card ops-card${hook.refusedInARow > 0 || !hook.configured ? ' ops-card-warn' : ''}`} data-webhook={hook.source}>
      <p className="ops-card-title">
        <strong>{SOURCE[hook.source]}</strong>
        {hook.configured ? null : <span className="badge badge-danger">Not configured</span>}
      </p>
      {hook.configured ? null : (
        <p className="ops-detail">
          Its secret is not set on this deployment: every call is refused ({SECRET_VARIABLE[hook.source]})
          {hook.source === 'whatsapp' ? ', and no WhatsApp is sent: email carries every message (docs/whatsapp.md)' : ''}.
        </p>
      )}
      <p>
        Last 24 h: {hook.accepted24h} accepted, {hook.refused24h} refused
        {hook.refusedInARow > 0 ? `; ${hook.refusedInARow} refused in a row` : ''}
      </p>
      <p className="muted">Last accepted: {at(hook.lastAcceptedAt)}</p>
      {hook.lastRefusedAt ? (
        <p className="ops-detail">
          Last refused {at(hook.lastRefusedAt)}: {hook.lastRefusal}
        </p>
      ) : null}
    </li>
  );
}
