/**
 * /admin/breach (owners): a breach's window and tables (or ids) and the facts; Preview lists who is
 * affected with their channel and drafts the notice to each person and the report to the Board
 * (DPDP Rules r.7). Sending needs the typed SEND; the audit log keeps it. The Board report is filed
 * by the owner on the Board's portal: this screen drafts it.
 */
import { useState, type FormEvent } from 'react';
import { api, ApiError, errorText } from '../../lib/api.ts';
import {
  BREACH_TABLE_NAMES,
  BREACH_TABLES,
  SEND_CONFIRMATION,
  type AffectedPerson,
  type BreachFacts,
  type BreachPreview,
  type BreachTable,
} from '../../shared/breach.ts';
import { handleSessionEnd, useAdmin } from '../admin/session.ts';
import { ListScreen } from '../admin/list-screen.tsx';
import { Field, FormError } from '../ui/Field.tsx';
import { toast } from '../ui/Toasts.tsx';
import '../admin/admin.css';
import './privacy.css';

const FACT_LABELS: Record<keyof BreachFacts, string> = {
  what: 'What happened (nature, extent, when and where)',
  data: 'Which data was affected',
  consequences: 'Likely consequences for the people affected',
  measures: 'What was done and is being done',
  safety: 'What people can do to protect themselves',
  cause: 'Who or what caused it, as far as known',
  prevention: 'What prevents it happening again',
};
const FACTS = Object.keys(FACT_LABELS) as (keyof BreachFacts)[];

/** A datetime-local value read as India time. */
const ist = (local: string) => (local ? `${local.length === 16 ? `${local}:00` : local}+05:30` : '');

export default function AdminBreach() {
  const admin = useAdmin({ announce: true });
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [tables, setTables] = useState<BreachTable[]>([]);
  const [ids, setIds] = useState('');
  const [facts, setFacts] = useState<BreachFacts>(Object.fromEntries(FACTS.map((k) => [k, ''])) as BreachFacts);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [preview, setPreview] = useState<BreachPreview | null>(null);
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [byPhone, setByPhone] = useState<AffectedPerson[] | null>(null);

  const body = () => ({ from: ist(from), to: ist(to), tables, ids: ids.split(/[\s,]+/).filter(Boolean), ...facts });

  async function run<T>(work: () => Promise<T>): Promise<T | null> {
    setBusy(true);
    setErrors({});
    setGeneral(null);
    try {
      return await work();
    } catch (failure) {
      if (handleSessionEnd(failure)) return null;
      if (failure instanceof ApiError) setErrors(failure.fieldErrors());
      setGeneral(errorText(failure, 'That did not work. Nothing was sent.'));
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function onPreview(event: FormEvent) {
    event.preventDefault();
    const answer = await run(() => api<BreachPreview>('/admin/breach/preview', { body: body() }));
    if (answer) {
      setPreview(answer);
      setByPhone(null);
    }
  }

  async function onSend() {
    const answer = await run(() =>
      api<{ emailed: number; byPhone: AffectedPerson[] }>('/admin/breach/send', { body: { ...body(), confirm } }),
    );
    if (answer) {
      toast.success(`Sent to ${answer.emailed} ${answer.emailed === 1 ? 'person' : 'people'} by email; logged in the audit log`);
      setByPhone(answer.byPhone);
      setConfirm('');
    }
  }

  return (
    <ListScreen admin={admin} title="Breach help">
      <section className="card privacy-admin-card" aria-labelledby="breach-scope-heading">
        <h2 id="breach-scope-heading">The breach</h2>
        <p className="muted">
          The law asks us to tell each affected person without delay, and the Data Protection Board at once and in detail within 72 hours
          (DPDP Rules, rule 7). Preview first: nothing is sent until you type {SEND_CONFIRMATION}.
        </p>
        <form onSubmit={(e) => void onPreview(e)} noValidate aria-label="Breach">
          <FormError message={general} />
          <div className="breach-window">
            <Field label="From (India time)" error={errors['from']} required>
              <input type="datetime-local" name="from" value={from} onChange={(e) => setFrom(e.target.value)} />
            </Field>
            <Field label="To (India time)" error={errors['to']} required>
              <input type="datetime-local" name="to" value={to} onChange={(e) => setTo(e.target.value)} />
            </Field>
          </div>
          <fieldset className="breach-tables">
            <legend>Affected tables (rows created in the window)</legend>
            {BREACH_TABLE_NAMES.map((t) => (
              <label key={t}>
                <input
                  type="checkbox"
                  checked={tables.includes(t)}
                  onChange={(e) => setTables((list) => (e.target.checked ? [...list, t] : list.filter((x) => x !== t)))}
                />{' '}
                {BREACH_TABLES[t]}
              </label>
            ))}
            {errors['tables'] ? (
              <p className="field-error" role="alert">
                {errors['tables']}
              </p>
            ) : null}
          </fieldset>
          <Field label="Or the affected ids" hint="table:id, one per line (registrations:abc123)" error={errors['ids']}>
            <textarea name="ids" rows={3} value={ids} onChange={(e) => setIds(e.target.value)} />
          </Field>
          {FACTS.map((key) => (
            <Field key={key} label={FACT_LABELS[key]} error={errors[key]} required>
              <textarea name={key} rows={2} value={facts[key]} onChange={(e) => setFacts((f) => ({ ...f, [key]: e.target.value }))} />
            </Field>
          ))}
          <div className="admin-actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? 'Working...' : 'Preview'}
            </button>
          </div>
        </form>
      </section>

      {preview ? (
        <section className="card privacy-admin-card" aria-labelledby="breach-people-heading">
          <h2 id="breach-people-heading">
            {preview.people.length} {preview.people.length === 1 ? 'person' : 'people'} affected
          </h2>
          <ul className="breach-people">
            {preview.people.map((p) => (
              <li key={p.email}>
                <strong>{p.name || p.email}</strong>{' '}
                {p.channel === 'email' ? `by email: ${p.email}` : `by phone: ${p.phone} (email bounced)`}{' '}
                <span className="muted">{p.found.join(', ')}</span>
              </li>
            ))}
          </ul>
          <h3>To each person (rule 7(1))</h3>
          <pre className="breach-draft">{`Subject: ${preview.personNotice.subject}\n\n${preview.personNotice.text}`}</pre>
          <h3>To the Data Protection Board (rule 7(2))</h3>
          <pre className="breach-draft">{preview.boardReport}</pre>
          <Field
            label={`Type ${SEND_CONFIRMATION} to email the notice to the people reachable by email`}
            error={errors['confirm']}
            required
          >
            <input name="confirm" value={confirm} onChange={(e) => setConfirm(e.target.value)} autoComplete="off" />
          </Field>
          <button type="button" className="btn btn-danger" disabled={busy || confirm !== SEND_CONFIRMATION} onClick={() => void onSend()}>
            Send the notice
          </button>
          {byPhone ? (
            <p role="status">
              {byPhone.length === 0
                ? 'Everyone affected was emailed.'
                : `Call these people and read them the notice: ${byPhone.map((p) => `${p.name} ${p.phone}`).join('; ')}`}
            </p>
          ) : null}
        </section>
      ) : null}
    </ListScreen>
  );
}
