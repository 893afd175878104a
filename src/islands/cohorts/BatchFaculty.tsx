import { useEffect, useState, type FormEvent } from 'react';
import { api, errorText } from '../../lib/api.ts';
import type { AdminBatch } from '../../shared/cohorts.ts';
import type { TeamMember } from '../../shared/pipeline.ts';
import { handleSessionEnd } from '../admin/session.ts';
import { FormError } from '../ui/Field.tsx';
import { toast } from '../ui/Toasts.tsx';

/**
 * An owner names a batch's faculty among the active admins with the Faculty role (the team
 * screen gives the role). The list sent replaces the batch's faculty.
 */
export function BatchFaculty({ batch, onDone, onCancel }: { batch: AdminBatch; onDone: () => void; onCancel: () => void }) {
  const [team, setTeam] = useState<TeamMember[] | null>(null);
  const [chosen, setChosen] = useState<string[]>(batch.faculty.map((f) => f.id));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    // The team list pages (keyset); one page of the largest size holds any team this size of business has.
    api<{ rows: TeamMember[] }>('/admin/team?sort=name&limit=200')
      .then((answer) => setTeam(answer.rows))
      .catch((failure: unknown) => {
        if (!handleSessionEnd(failure)) setError(errorText(failure, 'Failed to load the team'));
      });
  }, []);

  const faculty = (team ?? []).filter((m) => (m.adminRole as string) === 'faculty' && (m.active || chosen.includes(m.id)));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api(`/admin/batches/${batch.id}/faculty`, { method: 'PUT', body: { accountIds: chosen } });
      toast.success(chosen.length ? `Faculty of ${batch.name} saved` : `${batch.name} has no faculty now`);
      onDone();
    } catch (failure) {
      if (!handleSessionEnd(failure)) setError(errorText(failure, 'The faculty could not be saved'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} aria-label={`Faculty of ${batch.name}`}>
      <FormError message={error} />
      {team === null && !error ? <p role="status">Loading...</p> : null}
      {team && faculty.length === 0 ? (
        <p className="muted">
          No one has the Faculty role yet. Give it on the <a href="/admin/team">team screen</a> (a new teacher signs up with the invite code
          first).
        </p>
      ) : null}
      <fieldset className="batch-choice batch-faculty">
        <legend className="sr-only">Faculty</legend>
        {faculty.map((member) => (
          <label key={member.id}>
            <input
              type="checkbox"
              checked={chosen.includes(member.id)}
              onChange={(event) =>
                setChosen((list) => (event.target.checked ? [...list, member.id] : list.filter((id) => id !== member.id)))
              }
            />{' '}
            {member.name} <span className="muted">{member.email}</span>
            {member.active ? null : <span className="badge">inactive</span>}
          </label>
        ))}
      </fieldset>
      <div className="admin-dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy || team === null}>
          {busy ? 'Saving...' : 'Save faculty'}
        </button>
      </div>
    </form>
  );
}
