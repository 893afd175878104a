import { useState, type FormEvent, type ReactNode } from 'react';
import { api, errorText } from '../../lib/api.ts';
import type { PersonSummary } from '../../shared/persons.ts';
import { handleSessionEnd } from '../admin/session.ts';

/** A person search: its words, the persons found (all but `except`), its error; `reset` empties it. */
export function usePersonSearch(except?: string) {
  const [q, setQ] = useState('');
  const [found, setFound] = useState<PersonSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function search(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const answer = await api<{ persons: PersonSummary[] }>(`/admin/persons?q=${encodeURIComponent(q.trim())}`);
      setFound(except === undefined ? answer.persons : answer.persons.filter((p) => p.id !== except));
    } catch (failure) {
      if (!handleSessionEnd(failure)) setError(errorText(failure, 'Search failed'));
    }
  }
  const reset = () => {
    setFound(null);
    setQ('');
  };
  return { q, setQ, found, error, search, reset };
}

/** The search form of a usePersonSearch, its error, then the persons found, each with `action`. */
export function PersonFinder({
  finder,
  label,
  idPrefix,
  action,
}: {
  finder: ReturnType<typeof usePersonSearch>;
  label: string;
  idPrefix: string;
  action: (p: PersonSummary) => ReactNode;
}) {
  return (
    <>
      <PersonSearch q={finder.q} setQ={finder.setQ} onSubmit={finder.search} label={label} idPrefix={idPrefix} />
      {finder.error ? (
        <p className="admin-status" role="alert">
          {finder.error}
        </p>
      ) : null}
      {finder.found ? <PersonResults found={finder.found} action={action} /> : null}
    </>
  );
}

/** The search form of the people screen and of the merge panel. */
function PersonSearch({
  q,
  setQ,
  onSubmit,
  label,
  idPrefix,
}: {
  q: string;
  setQ: (q: string) => void;
  onSubmit: (e: FormEvent) => void;
  label: string;
  idPrefix: string;
}) {
  return (
    <form className="person-search card" role="search" aria-label={label} onSubmit={onSubmit}>
      <div className="field">
        <label htmlFor={`${idPrefix}-q`}>Name, email or phone</label>
        <input
          id={`${idPrefix}-q`}
          className="input"
          type="search"
          minLength={3}
          maxLength={100}
          required
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-primary">
        Search
      </button>
    </form>
  );
}

/** Persons found: name, id, emails, phones, number of leads, and an action for each. */
function PersonResults({ found, action }: { found: PersonSummary[]; action: (p: PersonSummary) => ReactNode }) {
  if (found.length === 0)
    return (
      <p className="admin-status" role="status">
        Nobody matches this search.
      </p>
    );
  return (
    <ul className="person-results" aria-label="Search results">
      {found.map((p) => (
        <li key={p.id} className="card">
          <span>
            <strong>{p.names[0] ?? p.emails[0] ?? `Person #${p.id}`}</strong> <span className="muted">#{p.id}</span>
            <br />
            <span className="muted">
              {[...p.emails, ...p.phones].join(' · ')} · {p.leads} {p.leads === 1 ? 'lead' : 'leads'}
            </span>
          </span>
          {action(p)}
        </li>
      ))}
    </ul>
  );
}
