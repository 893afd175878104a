import { useCallback, useEffect, useState } from 'react';
import { api, errorText } from '../../lib/api.ts';
import {
  adminPrivacyEraseSchema,
  adminPrivacyExportSchema,
  ERASE_CONFIRMATION,
  type ErasureAnswer,
  type PrivacyRequestDto,
  type PrivacySummary,
} from '../../shared/privacy.ts';
import { handleSessionEnd, useAdmin } from '../admin/session.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { Field, FormError, SubmitButton } from '../ui/Field.tsx';
import { toast, Toasts } from '../ui/Toasts.tsx';
import { useForm } from '../ui/useForm.ts';
import { exportFileName, saveJson } from './download.ts';
import '../admin/admin.css';
import './privacy.css';
import { dateTimeIst } from '../../shared/dates.ts';

/** "contactRequests" -> "contact requests". */
const words = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

function summaryText(summary: PrivacySummary): string {
  const parts = Object.entries(summary)
    .filter(([, n]) => n > 0)
    .map(([key, n]) => `${words(key)}: ${n}`);
  return parts.length ? parts.join(', ') : 'nothing held';
}

/** /admin/privacy (owners): export or erase a requester's data by email; every request is logged and listed. */
export default function AdminPrivacy() {
  const admin = useAdmin({ announce: true });
  const [requests, setRequests] = useState<PrivacyRequestDto[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [erasing, setErasing] = useState<string | null>(null);
  const lookup = useForm(adminPrivacyExportSchema, { email: '' });
  const erase = useForm(adminPrivacyEraseSchema, { email: '', confirm: '' });

  const load = useCallback(() => {
    api<{ requests: PrivacyRequestDto[] }>('/admin/privacy/requests')
      .then((answer) => {
        setRequests(answer.requests);
        setLoadError(null);
      })
      .catch((failure: unknown) => {
        if (!handleSessionEnd(failure)) setLoadError(errorText(failure, 'Failed to load the privacy requests'));
      });
  }, []);

  useEffect(() => {
    if (admin) load();
  }, [admin, load]);

  const exportData = lookup.handleSubmit(async ({ email }) => {
    try {
      saveJson(await api('/admin/privacy/export', { body: { email } }), exportFileName('aspira-data-request'));
      toast.success('Export downloaded and logged');
      load();
    } catch (failure) {
      if (handleSessionEnd(failure)) return;
      throw failure;
    }
  }, 'The export failed. Please try again.');

  function askErase() {
    const parsed = adminPrivacyExportSchema.safeParse(lookup.values);
    if (!parsed.success) {
      lookup.setErrors({ email: parsed.error.issues[0]?.message ?? 'Enter a valid email address' });
      return;
    }
    erase.setValues({ email: parsed.data.email, confirm: '' });
    setErasing(parsed.data.email);
  }

  const confirmErase = erase.handleSubmit(async (data) => {
    try {
      const answer = await api<ErasureAnswer>('/admin/privacy/erase', { body: data });
      toast.success(answer.message);
      setErasing(null);
      lookup.reset();
      load();
    } catch (failure) {
      if (handleSessionEnd(failure)) return;
      throw failure;
    }
  }, 'The erasure failed. Nothing was erased. Please try again.');

  if (!admin) return <Toasts />;
  return (
    <>
      <Toasts />
      <div className="admin-head">
        <h1>Privacy requests</h1>
      </div>
      <section className="card privacy-admin-card" aria-labelledby="privacy-request-heading">
        <h2 id="privacy-request-heading">A requester&apos;s data</h2>
        <p className="muted">
          For a person who wrote to the grievance officer. Check it is them first (write back to the address they use with us). Export gives
          one JSON file of everything held about the email; erasure deletes or anonymises it everywhere, keeps payment records with the
          name, ends their sessions and emails them a confirmation.
        </p>
        <form onSubmit={exportData} noValidate aria-label="Privacy request">
          <FormError message={lookup.generalError} />
          <Field label="Requester's email" error={lookup.errors['email']} required>
            <input {...lookup.bind('email')} type="email" autoComplete="off" maxLength={254} />
          </Field>
          <div className="admin-actions">
            <SubmitButton submitting={lookup.submitting} busyLabel="Exporting..." className="btn btn-primary">
              Export data
            </SubmitButton>
            <button type="button" className="btn btn-danger" onClick={askErase}>
              Erase data...
            </button>
          </div>
        </form>
      </section>

      <section className="privacy-log">
        <h2 id="privacy-log-heading">Log</h2>
        {loadError ? (
          <p className="admin-status" role="alert">
            {loadError}
          </p>
        ) : !requests ? (
          <p className="admin-status" role="status">
            Loading...
          </p>
        ) : requests.length === 0 ? (
          <p className="admin-status" role="status">
            No privacy request yet.
          </p>
        ) : (
          // Focusable: where the table is wider than the screen it scrolls, and keyboards must reach it.
          <div className="privacy-table-wrap" tabIndex={0} role="region" aria-labelledby="privacy-log-heading">
            <table className="privacy-table">
              <caption className="sr-only">Exports and erasures, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">What</th>
                  <th scope="col">Who</th>
                  <th scope="col">Email hash</th>
                  <th scope="col">Rows</th>
                </tr>
              </thead>
              <tbody>
                {requests.map((request) => (
                  <tr key={request.id}>
                    <td data-label="When">
                      <time dateTime={request.createdAt}>{dateTimeIst.format(new Date(request.createdAt))}</time>
                    </td>
                    <td data-label="What">{request.action === 'erasure' ? 'Erasure' : 'Export'}</td>
                    <td data-label="Who">
                      {request.requestedBy === 'admin' ? (request.adminName ?? 'An admin') : 'The person (from Settings)'}
                    </td>
                    <td data-label="Email hash">
                      <code title={request.emailHash}>{request.emailHash.slice(0, 12)}</code>
                    </td>
                    <td data-label="Rows">{summaryText(request.summary)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <Dialog open={erasing !== null} onClose={() => setErasing(null)} title="Erase this person's data?">
        <form onSubmit={confirmErase} noValidate aria-label="Confirm erasure">
          <p>
            Everything held about <strong>{erasing}</strong> is erased or anonymised now. Payment records stay, with the name. This cannot
            be undone.
          </p>
          <FormError message={erase.generalError} />
          <Field label={`Type ${ERASE_CONFIRMATION} to confirm`} error={erase.errors['confirm']} required>
            <input {...erase.bind('confirm')} type="text" autoComplete="off" maxLength={20} />
          </Field>
          <div className="admin-dialog-actions">
            <button type="button" className="btn btn-secondary" onClick={() => setErasing(null)}>
              Cancel
            </button>
            <SubmitButton submitting={erase.submitting} busyLabel="Erasing..." className="btn btn-danger">
              Erase
            </SubmitButton>
          </div>
        </form>
      </Dialog>
    </>
  );
}
