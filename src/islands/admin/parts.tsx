/** Pieces every admin list screen shares: its loading/error line and its filter form. */
import { useState, type FormEvent } from 'react';

/** "Loading..." until the first answer, or the error; nothing once loaded. */
export function LoadStatus({ error, loaded }: { error: string | null | undefined; loaded: boolean }) {
  if (error) {
    return (
      <p className="admin-status" role="alert">
        {error}
      </p>
    );
  }
  if (loaded) return null;
  return (
    <p className="admin-status" role="status">
      Loading...
    </p>
  );
}

/** Apply (the form's submit) and Clear (back to no filter). */
export function FilterActions({ onClear }: { onClear: () => void }) {
  return (
    <div className="admin-actions">
      <button type="submit" className="btn btn-primary">
        Apply
      </button>
      <button type="button" className="btn btn-ghost" onClick={onClear}>
        Clear
      </button>
    </div>
  );
}

/**
 * A filter form: the fields edit a draft; Apply makes it the filter the screen loads with, Clear
 * empties both. Each Apply or Clear is a new filter object, so the screen loads again
 * (useAdminQuery) even when the values did not change.
 */
export function useFilterForm<F extends Record<string, string>>(empty: F) {
  const [draft, setDraft] = useState<F>(empty);
  const [filter, setFilter] = useState<F>(empty);
  const set = (key: keyof F) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: event.target.value }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ ...draft });
  };
  const clear = () => {
    setDraft(empty);
    setFilter({ ...empty });
  };
  return { draft, filter, set, apply, clear };
}

/** From and To: calendar days in India, both ends included (the API reads them so). */
export function DateRangeFields({
  idPrefix,
  from,
  to,
  onFrom,
  onTo,
}: {
  idPrefix: string;
  from: string;
  to: string;
  onFrom: (event: { target: { value: string } }) => void;
  onTo: (event: { target: { value: string } }) => void;
}) {
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-from`}>From</label>
        <input id={`${idPrefix}-from`} className="input" type="date" value={from} onChange={onFrom} />
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-to`}>To</label>
        <input id={`${idPrefix}-to`} className="input" type="date" value={to} onChange={onTo} />
      </div>
    </>
  );
}
