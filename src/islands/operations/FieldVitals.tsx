import { useMemo } from 'react';
import { dateTimeIst } from '../../shared/dates.ts';
import { METRICS, type FieldVitalsDto, type Metric, type PageVitalsDto } from '../../shared/vitals.ts';
import { LoadStatus } from '../admin/list-screen.tsx';
import { useAdminQuery } from '../admin/useAdminQuery.ts';

const DEVICE = { phone: 'Phone', tablet: 'Tablet', desktop: 'Desktop' } as const;
const shown = (metric: Metric, value: number) => (metric === 'CLS' ? value.toFixed(3) : `${Math.round(value)} ms`);

/**
 * Field data on the operations screen: what visitors' browsers measured over the last days, each
 * page's 75th percentile per metric against its budget, and the latest browser errors. Counts only:
 * no visitor is identified (docs/dpdp.md).
 */
export function FieldVitals({ admin, version }: { admin: unknown; version: number }) {
  // A new version (the screen's Refresh) asks again.
  const asked = useMemo(() => ({ version }), [version]);
  const { data, latest, error } = useAdminQuery<FieldVitalsDto, object>(
    admin,
    asked,
    '/admin/operations/vitals',
    'Failed to load field data',
  );
  const view = data ?? latest;
  return (
    <section className="ops-section" aria-labelledby="ops-vitals">
      <h2 id="ops-vitals">Field data</h2>
      <LoadStatus error={error} loaded={!!view} />
      {view ? (
        <>
          <p className="muted">
            Core Web Vitals measured by visitors' browsers over the last {view.days} days: the 75th percentile of each page against its
            budget. Counts only: no visitor is identified.
          </p>
          {view.pages.length === 0 ? (
            <p className="muted">No page view reported yet.</p>
          ) : (
            <div className="ops-scroll" role="region" aria-label="Field data by page (scrolls sideways)" tabIndex={0}>
              <table className="ops-table" aria-label="Field data by page">
                <thead>
                  <tr>
                    <th scope="col">Page</th>
                    <th scope="col">Device</th>
                    <th scope="col">Views</th>
                    {METRICS.map((metric) => (
                      <th key={metric} scope="col">
                        {metric} p75
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {view.pages.map((page) => (
                    <PageRow key={`${page.device} ${page.path}`} page={page} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <h3>Browser errors</h3>
          {view.errors.length === 0 ? (
            <p className="muted">No browser error reported.</p>
          ) : (
            <ul className="ops-cards" aria-label="Browser errors">
              {view.errors.map((e) => (
                <li key={`${e.path} ${e.message}`} className="card ops-card" data-browser-error={e.path}>
                  <p className="ops-detail">{e.message}</p>
                  <p className="muted">
                    {e.path}: {e.count === 1 ? 'once' : `${e.count} times`}, last{' '}
                    <time dateTime={e.lastSeenAt}>{dateTimeIst.format(new Date(e.lastSeenAt))}</time>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </section>
  );
}

function PageRow({ page }: { page: PageVitalsDto }) {
  return (
    <tr data-vitals-page={page.path} data-device={page.device}>
      <th scope="row">{page.path}</th>
      <td>{DEVICE[page.device]}</td>
      <td>{page.views}</td>
      {METRICS.map((metric) => {
        const measured = page.metrics.find((m) => m.metric === metric);
        if (!measured) return <td key={metric}>-</td>;
        const over = measured.p75 > measured.budget;
        return (
          <td key={metric} data-metric={metric}>
            {shown(metric, measured.p75)}{' '}
            <span className={`badge ${over ? 'badge-danger' : 'badge-ok'}`}>
              {over ? 'over' : 'within'} {shown(metric, measured.budget)}
            </span>
          </td>
        );
      })}
    </tr>
  );
}
