import type { FormEvent, ReactNode } from 'react';
import type { PersonSummary } from '../../shared/persons.ts';

/** The search form of the people screen and of the merge panel. */
export function PersonSearch({
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
export function PersonResults({ found, action }: { found: PersonSummary[]; action: (p: PersonSummary) => ReactNode }) {
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
