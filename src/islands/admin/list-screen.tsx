/**
 * The kit of the admin list screens (leads, dues, money, codes, audit log, team...): the screen's
 * head, its loading/error line, its filter form with its fields, and the table that scrolls sideways.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Toasts } from '../ui/Toasts.tsx';
import { SortHead, type Sorting } from './list-pages.tsx';

/** A link in the head: a button-styled link to another screen, primary unless `secondary`. */
export type HeadLink = { href: string; label: string; secondary?: boolean };

type HeadProps = {
  title: ReactNode;
  /** After the h1 (e.g. a badge). */
  badge?: ReactNode;
  /** The address of the screen's CSV (its current filter), offered as a download named `csvLabel`. */
  csv?: string;
  csvLabel?: string;
  link?: HeadLink | null;
};

/** The screen's h1, its badge, then on the right its CSV download or its link. */
export function ScreenHead({ title, badge, csv, csvLabel = 'Export CSV', link }: HeadProps) {
  return (
    <div className="admin-head">
      <h1>{title}</h1>
      {badge}
      {csv || link ? (
        <div className="admin-actions">
          {csv ? (
            <a className="btn btn-primary" href={csv} download>
              {csvLabel}
            </a>
          ) : null}
          {link ? (
            <a className={link.secondary ? 'btn btn-secondary' : 'btn btn-primary'} href={link.href}>
              {link.label}
            </a>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * An admin list screen: only the toasts until the admin is known (`admin` from useAdmin), then the
 * toasts, the head (ScreenHead's props) and `children`.
 */
export function ListScreen({ admin, children, ...head }: HeadProps & { admin: unknown; children: ReactNode }) {
  if (!admin) return <Toasts />;
  return (
    <>
      <Toasts />
      <ScreenHead {...head} />
      {children}
    </>
  );
}

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

type FieldBinding = { value: string; onChange: (event: { target: { value: string } }) => void };

/**
 * A filter form: the fields edit a draft; Apply makes it the filter the screen loads with, Clear
 * empties both. Each Apply or Clear is a new filter object, so the screen loads again
 * (useAdminQuery) even when the values did not change. `bind(key)` gives a field its value and
 * onChange.
 */
export function useFilterForm<F extends Record<string, string>>(empty: F) {
  const [draft, setDraft] = useState<F>(empty);
  const [filter, setFilter] = useState<F>(empty);
  const set = (key: keyof F) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: event.target.value }));
  const bind = (key: keyof F): FieldBinding => ({ value: draft[key] as string, onChange: set(key) });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ ...draft });
  };
  const clear = () => {
    setDraft(empty);
    setFilter({ ...empty });
  };
  return { draft, filter, set, bind, apply, clear };
}

/**
 * The filter form (a search landmark named `label`): its fields, then Apply and Clear. `form` is
 * what useFilterForm returned; `className` is a screen's own class for the form's layout.
 */
export function FilterForm({
  label,
  form,
  className,
  children,
}: {
  label: string;
  form: { apply: (event: FormEvent) => void; clear: () => void };
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      className={className ? `admin-filters ${className} card` : 'admin-filters card'}
      onSubmit={form.apply}
      aria-label={label}
      role="search"
    >
      {children}
      <FilterActions onClear={form.clear} />
    </form>
  );
}

/** One choice of a SelectField. */
export type Choice = { value: string; label: ReactNode };

/**
 * A select with its label: first the empty value, `blank` ("All kinds": no filter; "Choose one"),
 * then the choices. `value` and `onChange` come from useFilterForm's `bind` on a filter.
 */
export function SelectField({
  id,
  label,
  blank,
  choices,
  value,
  onChange,
}: FieldBinding & { id: string; label: string; blank: string; choices: readonly Choice[] }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="input" value={value} onChange={onChange}>
        <option value="">{blank}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
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

/**
 * A column head: its text, or its content with a class (and a key where columns come and go);
 * `sort` makes it a sortable head (with ScrollTable's `sorting`).
 */
type ColumnObject = { label: ReactNode; className?: string; key?: string; sort?: string };
export type Column = ReactNode | ColumnObject;

const isColumnObject = (column: Column): column is ColumnObject => typeof column === 'object' && column !== null && 'label' in column;

/**
 * A table in a region that scrolls sideways where the table is wider than the screen; focusable,
 * so keyboards reach it. The region is named by `label` (aria-label) or by the heading with the id
 * `labelledBy`; `caption` is for screen readers only. `children` are the body's rows. The classes
 * are the admin table's unless a screen styles its own (`wrapClass`, `tableClass`). With `sorting`,
 * the columns with a `sort` are sortable heads (list-pages.tsx).
 */
export function ScrollTable({
  label,
  labelledBy,
  caption,
  columns,
  wrapClass = 'admin-table-wrap',
  tableClass = 'admin-table',
  sorting,
  children,
}: {
  label?: string;
  labelledBy?: string;
  caption?: ReactNode;
  columns: readonly Column[];
  wrapClass?: string;
  tableClass?: string;
  sorting?: Sorting<string> | undefined;
  children: ReactNode;
}) {
  return (
    <div className={wrapClass} role="region" aria-label={label} aria-labelledby={labelledBy} tabIndex={0}>
      <table className={tableClass}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((column, i) =>
              isColumnObject(column) && column.sort && sorting && typeof column.label === 'string' ? (
                <SortHead key={column.key ?? i} label={column.label} sort={column.sort} sorting={sorting} />
              ) : isColumnObject(column) ? (
                <th scope="col" key={column.key ?? i} className={column.className}>
                  {column.label}
                </th>
              ) : (
                <th scope="col" key={i}>
                  {column}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
