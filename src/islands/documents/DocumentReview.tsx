import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api, errorText } from '../../lib/api.ts';
import { formatBytes, REJECT_REASON_MAX, type DocumentSlotDto, type RegistrationDocumentsDto } from '../../shared/documents.ts';
import { dateTimeIst } from '../../shared/dates.ts';
import { handleSessionEnd } from '../admin/session.ts';
import { Field, FormError } from '../ui/Field.tsx';
import { toast } from '../ui/Toasts.tsx';
import { StateBadge } from './StateBadge.tsx';
import './documents.css';

/**
 * A registration's documents for the team (person page, pipeline): open each file through a link
 * that works for a few minutes, approve it, or reject it with a reason the applicant will read.
 * `initial`: the documents as the screen already loaded them (the person page loads them with the
 * person, so the box does not grow under the reader); without it the box asks for them.
 */
export function DocumentReview({
  registrationId,
  initial,
  onReviewed,
}: {
  registrationId: string;
  initial?: RegistrationDocumentsDto;
  onReviewed?: () => void;
}) {
  const [documents, setDocuments] = useState<RegistrationDocumentsDto | null>(initial ?? null);
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = `docs-review-${registrationId}`;
  const preloadedFor = useRef(initial ? registrationId : null);

  useEffect(() => {
    if (preloadedFor.current === registrationId) return;
    api<RegistrationDocumentsDto>(`/admin/registrations/${encodeURIComponent(registrationId)}/documents`)
      .then(setDocuments)
      .catch((failure: unknown) => {
        if (!handleSessionEnd(failure)) setProblem(errorText(failure, 'The documents could not be loaded'));
      });
  }, [registrationId]);

  return (
    <section className="docs" aria-labelledby={headingId}>
      <h3 id={headingId}>{documents ? `Documents: ${documents.programme}` : 'Documents'}</h3>
      {problem ? (
        <p className="muted">{problem}</p>
      ) : !documents ? (
        <p className="muted" role="status">
          Loading documents...
        </p>
      ) : (
        <ul className="docs-list">
          {documents.slots.map((slot) => (
            <ReviewSlot
              key={slot.type}
              slot={slot}
              onChange={(next) => {
                setDocuments(next);
                onReviewed?.();
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function ReviewSlot({ slot, onChange }: { slot: DocumentSlotDto; onChange: (next: RegistrationDocumentsDto) => void }) {
  const [link, setLink] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const document = slot.document;

  async function run<T>(work: () => Promise<T>): Promise<T | undefined> {
    setBusy(true);
    setError(null);
    try {
      return await work();
    } catch (failure) {
      if (!handleSessionEnd(failure)) setError(errorText(failure, 'That did not work. Please try again'));
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  const open = () =>
    run(async () => {
      const { url } = await api<{ url: string; expiresIn: number }>(`/admin/documents/${document!.id}/open`, { method: 'POST' });
      setLink(url);
      window.open(url, '_blank', 'noopener');
    });

  const decide = (decision: 'approve' | 'reject') =>
    run(async () => {
      const next = await api<RegistrationDocumentsDto>(`/admin/documents/${document!.id}/review`, {
        body: decision === 'approve' ? { decision } : { decision, reason },
      });
      toast.success(decision === 'approve' ? `${slot.label} approved` : `${slot.label} rejected; the applicant was told why`);
      setRejecting(false);
      setReason('');
      onChange(next);
    });

  function submitReject(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setError('Say why the document is rejected, so the applicant can fix it');
      return;
    }
    void decide('reject');
  }

  return (
    <li className={`docs-item docs-${slot.state}`}>
      <div className="docs-head">
        <strong>{slot.label}</strong>
        <StateBadge slot={slot} />
      </div>
      {document ? (
        <>
          <p className="docs-file">
            {document.fileName} <span className="muted">({formatBytes(document.sizeBytes)})</span>, uploaded{' '}
            <time dateTime={document.uploadedAt}>{dateTimeIst.format(new Date(document.uploadedAt))}</time>
          </p>
          {slot.state === 'rejected' && document.rejectReason ? (
            <p className="docs-reason">
              <strong>Rejected:</strong> {document.rejectReason}
            </p>
          ) : null}
          <div className="docs-review-actions">
            <button type="button" className="btn btn-secondary btn-sm" onClick={open} disabled={busy}>
              Open<span className="sr-only"> {slot.label}</span>
            </button>
            {link ? (
              <a href={link} target="_blank" rel="noopener noreferrer">
                Open {document.fileName} (link works for 5 minutes)
              </a>
            ) : null}
            {slot.state === 'uploaded' ? (
              <>
                <button type="button" className="btn btn-primary btn-sm" onClick={() => decide('approve')} disabled={busy}>
                  Approve<span className="sr-only"> {slot.label}</span>
                </button>
                <button type="button" className="btn btn-secondary btn-sm" onClick={() => setRejecting((v) => !v)} disabled={busy}>
                  Reject<span className="sr-only"> {slot.label}</span>
                </button>
              </>
            ) : null}
          </div>
          {rejecting ? (
            <form className="docs-reject-form" onSubmit={submitReject} aria-label={`Reject ${slot.label}`}>
              <Field label="Why is it rejected?" required hint="The applicant reads this and uploads again.">
                <textarea name="reason" rows={2} maxLength={REJECT_REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} />
              </Field>
              <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
                Reject and tell the applicant
              </button>
            </form>
          ) : null}
        </>
      ) : null}
      <FormError message={error} />
    </li>
  );
}
