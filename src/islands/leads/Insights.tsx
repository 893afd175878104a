import { useState, type FormEvent } from 'react';
import {
  CONVERSION_DAYS,
  formatMinutes,
  formatRate,
  type InsightRow,
  type InsightsDto,
  type InsightsTable,
} from '../../shared/insights.ts';
import { useAdmin } from '../admin/session.ts';
import '../admin/admin.css';
import './Person.css';
import './Insights.css';
import { ListScreen, LoadStatus, ScrollTable } from '../admin/list-screen.tsx';
import { queryOf, useAdminQuery } from '../admin/useAdminQuery.ts';
import { WhatsAppMonth } from '../messaging/WhatsAppMonth.tsx';

type Filter = { touch: 'last' | 'first'; to: string };
const weekShort = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const weekLong = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** /admin/insights: what converts. Leads per week by source and programme, first contact, conversion; CSV. */
export default function Insights() {
  const admin = useAdmin({ announce: true });
  const [draft, setDraft] = useState<Filter>({ touch: 'last', to: '' });
  const [filter, setFilter] = useState<Filter>({ touch: 'last', to: '' });
  const { data, error } = useAdminQuery<InsightsDto, Filter>(
    admin,
    filter,
    `/admin/insights${queryOf(filter)}`,
    'Failed to load the insights',
  );
  const csvHref = `/api/v1/admin/insights${queryOf({ ...filter, format: 'csv' })}`;

  function apply(event: FormEvent) {
    event.preventDefault();
    setFilter({ ...draft });
  }

  return (
    <ListScreen admin={admin} title="What converts" csv={csvHref}>
      <p className="muted">
        Leads of the last 12 weeks (weeks start on Monday, India time). Converted: the same person paid a registration fee or a course
        within {CONVERSION_DAYS} days of the lead; recent leads may still convert. First contact: the first stage change out of New, or the
        first note.
      </p>
      <form className="card insights-filters" onSubmit={apply} aria-label="Insights period and touch">
        <div className="field">
          <label htmlFor="insights-touch">Source from</label>
          <select
            id="insights-touch"
            className="input"
            value={draft.touch}
            onChange={(e) => setDraft((d) => ({ ...d, touch: e.target.value as Filter['touch'] }))}
          >
            <option value="last">Last touch (the visit that sent the lead)</option>
            <option value="first">First touch (the first visit ever)</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="insights-to">12 weeks ending with the week of</label>
          <input
            id="insights-to"
            className="input"
            type="date"
            value={draft.to}
            onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
          />
        </div>
        <button type="submit" className="btn btn-primary">
          Show
        </button>
      </form>
      <LoadStatus error={error} loaded={!!data} />
      {data ? (
        <>
          <dl className="insights-tiles">
            <div className="card">
              <dt>Leads</dt>
              <dd>{data.total.leads}</dd>
            </div>
            <div className="card">
              <dt>Contacted</dt>
              <dd>{data.total.contacted}</dd>
            </div>
            <div className="card">
              <dt>Median time to first contact</dt>
              <dd>{formatMinutes(data.total.medianFirstContactMinutes)}</dd>
            </div>
            <div className="card">
              <dt>Paid within {CONVERSION_DAYS} days</dt>
              <dd>
                {data.total.converted} ({formatRate(data.total.conversionRate)})
              </dd>
            </div>
          </dl>
          <InsightsTableView table={{ dimension: 'form', label: 'Total', rows: [data.total] }} weeks={data.weeks} heading="All leads" />
          {data.tables.map((table) => (
            <InsightsTableView
              key={table.dimension}
              table={table}
              weeks={data.weeks}
              heading={`By ${table.label.startsWith('UTM') ? table.label : table.label.toLowerCase()}`}
            />
          ))}
          <WhatsAppMonth />
        </>
      ) : null}
    </ListScreen>
  );
}

function InsightsTableView({ table, weeks, heading }: { table: InsightsTable; weeks: string[]; heading: string }) {
  const id = `insights-${heading.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  const most = Math.max(1, ...table.rows.map((r) => r.leads));
  return (
    <section className="person-section insights-section">
      <h2 id={id}>{heading}</h2>
      {table.rows.length === 0 ? (
        <p className="muted">No leads in these weeks.</p>
      ) : (
        <ScrollTable
          labelledBy={id}
          columns={[
            table.label,
            { label: 'Leads', className: 'num' },
            { label: 'Median first contact', className: 'num' },
            { label: <>Paid in {CONVERSION_DAYS} d</>, className: 'num' },
            ...weeks.map((w) => ({
              key: w,
              className: 'num insights-week',
              label: <abbr title={`Week of Monday ${weekLong.format(day(w))}`}>{weekShort.format(day(w))}</abbr>,
            })),
          ]}
          wrapClass="person-scroll"
          tableClass="person-table insights-table"
        >
          {table.rows.map((row) => (
            <Row key={row.value || '(none)'} row={row} most={most} />
          ))}
        </ScrollTable>
      )}
    </section>
  );
}

function Row({ row, most }: { row: InsightRow; most: number }) {
  return (
    <tr>
      <th scope="row">{row.label}</th>
      <td className="num insights-leads">
        <span className="insights-bar" aria-hidden="true" style={{ width: `${Math.round((row.leads / most) * 100)}%` }} />
        <span className="insights-count">{row.leads}</span>
      </td>
      <td className="num">{formatMinutes(row.medianFirstContactMinutes)}</td>
      <td className="num">
        {row.converted} ({formatRate(row.conversionRate)})
      </td>
      {row.weekly.map((n, i) => (
        <td key={i} className={n ? 'num insights-week' : 'num insights-week insights-zero'}>
          {n}
        </td>
      ))}
    </tr>
  );
}
