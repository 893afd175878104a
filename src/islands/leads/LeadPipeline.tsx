import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api, errorText } from '../../lib/api.ts';
import { NOTE_MAX, STAGE_LABELS } from '../../shared/pipeline-stages.ts';
import type { AdminOption, LeadPipelineDetail } from '../../shared/pipeline.ts';
import { toast } from '../ui/Toasts.tsx';
import { dateTimeIst } from '../../shared/dates.ts';
import type { AdminMe } from '../admin/me.ts';
import { handleSessionEnd } from '../admin/session.ts';
import { StageForm } from './StageForm.tsx';
import { DocumentReview } from '../documents/DocumentReview.tsx';

type Props = {
  kind: string;
  id: string;
  me: AdminMe | null;
  admins: AdminOption[];
  onChange: () => void;
  /** The lead's pipeline has loaded (a child's lead names the parent to contact: the inbox shows that first). */
  onLoaded?: (detail: LeadPipelineDetail) => void;
};

/**
 * A lead's pipeline inside the inbox's detail dialog: stage, owner, follow-up, the stage history
 * and notes, with the stage form, a note form and (owners) the owner picker.
 */
export function LeadPipeline({ kind, id, me, admins, onChange, onLoaded }: Props) {
  const [detail, setDetail] = useState<LeadPipelineDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const path = `/admin/pipeline/${kind}/${encodeURIComponent(id)}`;
  const onLoadedRef = useRef(onLoaded);
  onLoadedRef.current = onLoaded;

  useEffect(() => {
    setDetail(null);
    setError(null);
    api<LeadPipelineDetail>(path)
      .then((loaded) => {
        setDetail(loaded);
        onLoadedRef.current?.(loaded);
      })
      .catch((failure: unknown) => {
        if (!handleSessionEnd(failure)) setError(errorText(failure, 'Could not load the pipeline'));
      });
  }, [path]);

  async function act(run: () => Promise<LeadPipelineDetail>, done: string) {
    setBusy(true);
    try {
      setDetail(await run());
      toast.success(done);
      onChange();
    } catch (failure) {
      if (!handleSessionEnd(failure)) toast.error(errorText(failure, 'That did not work. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  async function addNote(event: FormEvent) {
    event.preventDefault();
    if (!note.trim()) return;
    await act(() => api<LeadPipelineDetail>(`${path}/notes`, { body: { body: note } }), 'Note added');
    setNote('');
  }

  if (error) return <p role="alert">{error}</p>;
  if (!detail) return <p role="status">Loading the pipeline...</p>;
  const { pipeline, history, notes } = detail;
  const isOwner = me?.adminRole === 'owner';
  return (
    <section className="pipeline-panel" aria-label="Pipeline">
      <dl className="admin-details pipeline-facts">
        <dt>Stage</dt>
        <dd>
          <span className={`stage stage-${pipeline.stage}`}>{STAGE_LABELS[pipeline.stage]}</span>
          {pipeline.lostReason ? ` (${pipeline.lostReason})` : ''}
        </dd>
        <dt>Owner</dt>
        <dd>
          {isOwner ? (
            <select
              className="input"
              aria-label="Owner"
              value={pipeline.ownerId ?? ''}
              disabled={busy}
              onChange={(event) =>
                void act(
                  () => api<LeadPipelineDetail>(`${path}/owner`, { method: 'PUT', body: { ownerId: event.target.value || null } }),
                  'Owner changed',
                )
              }
            >
              <option value="">Nobody</option>
              {admins.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </select>
          ) : (
            <>
              {pipeline.ownerName ?? 'Nobody'}{' '}
              {!pipeline.ownerId && me ? (
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  disabled={busy}
                  onClick={() =>
                    void act(
                      () => api<LeadPipelineDetail>(`${path}/owner`, { method: 'PUT', body: { ownerId: me.id } }),
                      'The lead is yours',
                    )
                  }
                >
                  Take this lead
                </button>
              ) : null}
            </>
          )}
        </dd>
        <dt>Next follow-up</dt>
        <dd>{pipeline.nextFollowUpAt ? dateTimeIst.format(new Date(pipeline.nextFollowUpAt)) : 'None'}</dd>
      </dl>
      <StageForm
        key={`${pipeline.stage}-${pipeline.nextFollowUpAt}`}
        kind={kind}
        id={id}
        stage={pipeline.stage}
        nextFollowUpAt={pipeline.nextFollowUpAt}
        label="Change the stage"
        onDone={(next) => {
          setDetail(next);
          onChange();
        }}
      />
      {kind === 'registration' ? (
        <DocumentReview
          registrationId={id}
          onReviewed={() => {
            // The last required approval moves the lead to Applied: show the new stage and history.
            api<LeadPipelineDetail>(path).then(setDetail, () => {});
            onChange();
          }}
        />
      ) : null}
      <h3>History</h3>
      {history.length === 0 ? (
        <p className="muted">No stage changes yet.</p>
      ) : (
        <ol className="pipeline-history">
          {history.map((h, i) => (
            <li key={i}>
              <strong>
                {STAGE_LABELS[h.from]} → {STAGE_LABELS[h.to]}
              </strong>{' '}
              <span className="muted">
                by {h.by ?? 'a removed admin'}, <time dateTime={h.at}>{dateTimeIst.format(new Date(h.at))}</time>
              </span>
              {h.note ? <p>{h.note}</p> : null}
            </li>
          ))}
        </ol>
      )}
      <h3>Notes</h3>
      {notes.length === 0 ? <p className="muted">No notes yet.</p> : null}
      <ol className="pipeline-history">
        {notes.map((n) => (
          <li key={n.id}>
            <span className="muted">
              {n.by ?? 'A removed admin'}, <time dateTime={n.at}>{dateTimeIst.format(new Date(n.at))}</time>
            </span>
            <p>{n.body}</p>
          </li>
        ))}
      </ol>
      <form className="pipeline-note-form" onSubmit={addNote} aria-label="Add a note">
        <div className="field">
          <label htmlFor={`note-${kind}-${id}`}>Add a note</label>
          <textarea
            id={`note-${kind}-${id}`}
            className="input"
            rows={2}
            maxLength={NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-secondary" disabled={busy || !note.trim()}>
          Add note
        </button>
      </form>
    </section>
  );
}
