import { useState } from 'react';
import { api, errorText } from '../../lib/api.ts';
import type { PersonDto, PersonSummary } from '../../shared/persons.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { toast } from '../ui/Toasts.tsx';
import { PersonFinder, usePersonSearch } from './PersonSearch.tsx';
import { handleSessionEnd } from '../admin/session.ts';
import { dateTimeIst } from '../../shared/dates.ts';

const nameOf = (p: PersonSummary) => p.names[0] ?? p.emails[0] ?? `Person #${p.id}`;

/**
 * Merging a duplicate (one human, two emails) into this person, and the merges so far with an
 * Undo for an admin's merge. Every merge and undo is in the audit log.
 */
export function PersonMerge({ person, onChanged }: { person: PersonDto; onChanged: (person: PersonDto) => void }) {
  const finder = usePersonSearch(person.id);
  const [chosen, setChosen] = useState<PersonSummary | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

  async function merge() {
    if (!chosen) return;
    setBusy(true);
    try {
      const body = { otherId: chosen.id, ...(reason.trim() ? { reason: reason.trim() } : {}) };
      const answer = await api<{ person: PersonDto }>(`/admin/persons/${person.id}/merge`, { body });
      toast.success(`${nameOf(chosen)} merged into this person`);
      setChosen(null);
      finder.reset();
      setReason('');
      onChanged(answer.person);
    } catch (failure) {
      if (!handleSessionEnd(failure)) toast.error(errorText(failure, 'Merge failed'));
    } finally {
      setBusy(false);
    }
  }

  async function undo(mergeId: string) {
    try {
      const answer = await api<{ person: PersonDto }>(`/admin/persons/${person.id}/merges/${mergeId}/undo`, { method: 'POST' });
      toast.success('Merge undone');
      onChanged(answer.person);
    } catch (failure) {
      if (!handleSessionEnd(failure)) toast.error(errorText(failure, 'Undo failed'));
    }
  }

  return (
    <section aria-labelledby="person-merge" className="person-merge person-section">
      <h2 id="person-merge">Merge a duplicate</h2>
      <p className="muted">
        The same human with another email or phone? Find them and merge them into this person. Leads with the same email or phone are joined
        automatically.
      </p>
      <PersonFinder
        finder={finder}
        label="Find a duplicate"
        idPrefix="merge"
        action={(p) => (
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => setChosen(p)}>
            Merge into this person
          </button>
        )}
      />
      {person.merges.length ? (
        <>
          <h3>Merges</h3>
          <ul className="person-merges">
            {person.merges.map((m) => (
              <li key={m.id}>
                <span>
                  #{m.fromId} into #{m.intoId}, {dateTimeIst.format(new Date(m.at))}, {m.by ? `by ${m.by}` : 'same email or phone'}
                  {m.reason ? ` (${m.reason})` : ''}
                  {m.undoneAt ? `; undone ${dateTimeIst.format(new Date(m.undoneAt))}` : ''}
                </span>
                {m.by && !m.undoneAt ? (
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => undo(m.id)}>
                    Undo merge #{m.id}
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <Dialog open={chosen !== null} onClose={() => setChosen(null)} title="Merge these persons?">
        {chosen ? (
          <>
            <p>
              Every lead, email and payment of <strong>{nameOf(chosen)}</strong> (#{chosen.id}) will show on this person (#
              {person.id}). You can undo it from this page.
            </p>
            <div className="field">
              <label htmlFor="merge-reason">Reason (optional)</label>
              <input id="merge-reason" className="input" maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
            </div>
            <div className="admin-dialog-actions">
              <button type="button" className="btn btn-ghost" onClick={() => setChosen(null)}>
                Cancel
              </button>
              <button type="button" className="btn btn-primary" disabled={busy} onClick={merge}>
                {busy ? 'Merging...' : 'Merge'}
              </button>
            </div>
          </>
        ) : null}
      </Dialog>
    </section>
  );
}
