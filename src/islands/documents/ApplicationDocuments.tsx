import { useEffect, useState, type ChangeEvent } from 'react';
import type { WhatsAppSetting } from '../../shared/whatsapp-settings.ts';
import { api, errorText } from '../../lib/api.ts';
import { FORMAT_ACCEPT, FORMAT_LABELS, formatBytes, type DocumentSlotDto, type RegistrationDocumentsDto } from '../../shared/documents.ts';
import { toast } from '../ui/Toasts.tsx';
import { precheck, uploadDocument } from './upload.ts';
import { StateBadge } from './StateBadge.tsx';
import './documents.css';

/** How the applicant hears about a review: by the channel they chose (docs/whatsapp.md, Who gets what). */
function reviewNotice(whatsapp: WhatsAppSetting | null): string {
  if (whatsapp?.available && whatsapp.optedIn) return 'We check each one and tell you on WhatsApp and by email when it is reviewed.';
  if (whatsapp?.available && whatsapp.pendingPhone)
    return 'We check each one and email you when it is reviewed; on WhatsApp too once you confirm your number in Settings.';
  return 'We check each one and email you when it is reviewed.';
}

/** The documents of one application in "My applications": each one's state, upload and replace. */
export function ApplicationDocuments({ registrationId, headingId }: { registrationId: string; headingId: string }) {
  const [documents, setDocuments] = useState<RegistrationDocumentsDto | null>(null);
  const [whatsapp, setWhatsapp] = useState<WhatsAppSetting | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    // Both before anything shows: the intro's wording does not change under the reader.
    const channel = api<{ whatsapp: WhatsAppSetting }>('/user/whatsapp').then(
      ({ whatsapp }) => whatsapp,
      () => null,
    );
    Promise.all([api<RegistrationDocumentsDto>(`/user/applications/${encodeURIComponent(registrationId)}/documents`), channel])
      .then(([loaded, chosen]) => {
        setWhatsapp(chosen);
        setDocuments(loaded);
      })
      .catch(() => setFailed(true));
  }, [registrationId]);

  return (
    <section className="docs" aria-labelledby={headingId}>
      <h3 id={headingId}>Documents</h3>
      {failed ? (
        <p className="form-error" role="alert">
          Your documents could not be loaded. Please reload the page.
        </p>
      ) : !documents ? (
        <p className="muted" role="status">
          Loading documents...
        </p>
      ) : (
        <>
          <p className="muted">
            {documents.closed
              ? 'This application is closed: documents can no longer be uploaded.'
              : `Documents for ${documents.programme}: send PDF, JPEG or PNG files. ${reviewNotice(whatsapp)}`}
          </p>
          <ul className="docs-list">
            {documents.slots.map((slot) => (
              <DocumentSlot key={slot.type} slot={slot} registrationId={registrationId} closed={documents.closed} onChange={setDocuments} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function DocumentSlot({
  slot,
  registrationId,
  closed,
  onChange,
}: {
  slot: DocumentSlotDto;
  registrationId: string;
  closed: boolean;
  onChange: (next: RegistrationDocumentsDto) => void;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputId = `doc-${registrationId}-${slot.type}`;
  const canUpload = !closed && slot.state !== 'approved';
  // A refusal belongs to the file it refused: a document of this type that went since (here or
  // in another tab, then reloaded) ends it.
  const [errorFor, setErrorFor] = useState(slot.document?.id ?? null);
  if (errorFor !== (slot.document?.id ?? null)) {
    setErrorFor(slot.document?.id ?? null);
    setError(null);
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refused = precheck(slot, file);
    setError(refused);
    if (refused) return;
    setProgress(0);
    try {
      onChange(await uploadDocument(registrationId, slot, file, setProgress));
      setError(null);
      toast.success(`${slot.label} uploaded`);
    } catch (failure) {
      setError(errorText(failure, 'The file could not be uploaded. Please try again'));
    } finally {
      setProgress(null);
    }
  }

  return (
    <li className={`docs-item docs-${slot.state}`}>
      <div className="docs-head">
        <strong>{slot.label}</strong>
        <StateBadge slot={slot} />
      </div>
      <p className="muted docs-help">
        {slot.help} {slot.formats.map((f) => FORMAT_LABELS[f]).join(', ')}, up to {slot.maxMb} MB.
      </p>
      {slot.document ? (
        <p className="docs-file">
          {slot.document.fileName} <span className="muted">({formatBytes(slot.document.sizeBytes)})</span>
        </p>
      ) : null}
      {slot.state === 'rejected' && slot.document?.rejectReason ? (
        <p className="docs-reason" role="note">
          <strong>Why it was rejected:</strong> {slot.document.rejectReason}
        </p>
      ) : null}
      {progress !== null ? (
        <div className="docs-progress">
          <progress max={1} value={progress} aria-label={`Uploading ${slot.label}`} />
          <span aria-live="polite">{Math.round(progress * 100)}%</span>
        </div>
      ) : canUpload ? (
        <div className="docs-upload">
          <label htmlFor={inputId} className="btn btn-secondary btn-sm">
            {slot.state === 'missing' ? 'Upload' : 'Replace'}
            <span className="sr-only"> {slot.label}</span>
          </label>
          <input
            id={inputId}
            className="docs-input"
            type="file"
            accept={slot.formats.map((f) => FORMAT_ACCEPT[f]).join(',')}
            onChange={choose}
          />
        </div>
      ) : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}
