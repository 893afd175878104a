import { useState } from 'react';
import { api } from '../../lib/api.ts';
import {
  adminPrivacyEraseSchema,
  adminPrivacyExportSchema,
  ERASE_CONFIRMATION,
  type ErasureAnswer,
  type PrivacyRequestDto,
} from '../../shared/privacy.ts';
import { handleSessionEnd, useAdmin } from '../admin/session.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { Field, FormError, SubmitButton } from '../ui/Field.tsx';
import { toast } from '../ui/Toasts.tsx';
import { useForm } from '../ui/useForm.ts';
import { exportFileName, saveJson } from './download.ts';
import '../admin/admin.css';
import { ListScreen, ScrollTable } from '../admin/list-screen.tsx';
import { useAdminLoad } from '../admin/useAdminQuery.ts';
import './privacy.css';
import { dateTimeIst } from '../../shared/dates.ts';
import { RightsQueue } from './RightsQueue.tsx';
import { summaryText } from './summary-words.ts';

/** /admin/privacy (owners): export or erase a requester's data by email; every request is logged and listed. */
export default function AdminPrivacy() {
  const admin = useAdmin({ announce: true });
  const log = useAdminLoad<{ requests: PrivacyRequestDto[] }>(admin, '/admin/privacy/requests', 'Failed to load the privacy requests');
  const { error: loadError, reload: load } = log;
  const requests = log.data?.requests ?? null;
  const [erasing, setErasing] = useState<string | null>(null);
  const lookup = useForm(adminPrivacyExportSchema, { email: '' });
  const erase = useForm(adminPrivacyEraseSchema, { email: '', confirm: '' });

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

  return (
    <ListScreen admin={admin} title="Privacy requests">
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

      <RightsQueue />

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
          <ScrollTable
            labelledBy="privacy-log-heading"
            caption="Exports and erasures, newest first"
            columns={['When', 'What', 'Who', 'Email hash', 'What it covered']}
            wrapClass="privacy-table-wrap"
            tableClass="privacy-table"
          >
            {requests.map((request) => (
              <tr key={request.id}>
                <td data-label="When">
                  <time dateTime={request.createdAt}>{dateTimeIst.format(new Date(request.createdAt))}</time>
                </td>
                <td data-label="What">{request.action === 'erasure' ? 'Erasure' : 'Export'}</td>
                <td data-label="Who">
                  {request.requestedBy === 'admin'
                    ? (request.adminName ?? 'An admin')
                    : request.requestedBy === 'parent'
                      ? 'A parent who refused consent'
                      : 'The person (from Settings)'}
                </td>
                <td data-label="Email hash">
                  <code title={request.emailHash}>{request.emailHash.slice(0, 12)}</code>
                </td>
                <td data-label="Covered">{summaryText(request.summary)}</td>
              </tr>
            ))}
          </ScrollTable>
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
    </ListScreen>
  );
}
