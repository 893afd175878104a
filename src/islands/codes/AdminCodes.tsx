import { useState } from 'react';
import { api, errorText } from '../../lib/api.ts';
import { SCOPE_LABELS } from '../../shared/code-scopes.ts';
import type { CodeSummary, CodeUse } from '../../shared/codes.ts';
import { dateIst, dateTimeIst } from '../../shared/dates.ts';
import { formatPaise } from '../../shared/money.ts';
import { ListScreen, LoadStatus, ScrollTable, type Column } from '../admin/list-screen.tsx';
import { PageFooter, usePages, useSort } from '../admin/list-pages.tsx';
import { handleSessionEnd, useAdmin } from '../admin/session.ts';
import { toast } from '../ui/Toasts.tsx';
import { CodeForm } from './CodeForm.tsx';
import '../admin/admin.css';
import '../admin/pipeline.css';
import './codes.css';
import './admin-codes.css';

const value = (c: CodeSummary) => (c.kind === 'percent' ? `${c.percentOff}% off` : `${formatPaise(c.amountOffPaise ?? 0)} off`);
/** The last day shown is the day before the stored end (which is the next day's first moment). */
const window_ = (c: CodeSummary) => {
  const from = c.validFrom ? dateIst.format(new Date(c.validFrom)) : 'now';
  const until = c.validUntil ? dateIst.format(new Date(Date.parse(c.validUntil) - 1)) : 'no end';
  return `${from} – ${until}`;
};

const CODE_COLUMNS: Column[] = [
  'Code',
  { label: 'Created', sort: 'created' },
  'Applies to',
  'Value',
  'Valid',
  { label: 'Uses / max', sort: 'uses' },
  'Revenue',
  'Discount given',
  'Active',
];
/** The codes screen has no filter: one object, so the list loads again only on a sort or a reload. */
const NO_FILTER = {};
const USE_COLUMNS = ['Email', 'What', 'List', 'Discount', 'Paid', 'When', 'Status'];

function applicationFromUrl(): string | null {
  const id = new URLSearchParams(location.search).get('application') ?? '';
  return /^[0-9]{1,18}$/.test(id) ? id : null;
}

/** /admin/codes (owners): codes with their uses and revenue (newest or most used first, a page at a time), the create form, deactivate, each code's uses. */
export default function AdminCodes() {
  const admin = useAdmin({ announce: true });
  const sorting = useSort('codes');
  const list = usePages<CodeSummary>(admin, NO_FILTER, '/admin/codes', sorting, 'Failed to load the codes');
  const { rows: codes, error, reload: load } = list;
  const [uses, setUses] = useState<{ code: CodeSummary; uses: CodeUse[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const [applicationId] = useState(applicationFromUrl);

  async function setActive(code: CodeSummary, active: boolean) {
    setBusy(true);
    try {
      await api(`/admin/codes/${code.id}`, { method: 'PATCH', body: { active } });
      toast.success(active ? `${code.code} is active again` : `${code.code} is deactivated`);
      load();
    } catch (failure) {
      if (!handleSessionEnd(failure)) toast.error(errorText(failure, 'That did not work. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  async function showUses(code: CodeSummary) {
    try {
      const answer = await api<{ uses: CodeUse[] }>(`/admin/codes/${code.id}/uses`);
      setUses({ code, uses: answer.uses });
    } catch (failure) {
      if (!handleSessionEnd(failure)) toast.error(errorText(failure, 'Failed to load the uses'));
    }
  }

  return (
    <ListScreen admin={admin} title="Codes">
      <p className="lead">
        Discount and scholarship codes. Buyers enter a code at checkout or open a link with ?code= (the server sets the price).
      </p>
      <CodeForm applicationId={applicationId} onCreated={load} />
      <h2 className="code-list-title">All codes</h2>
      <LoadStatus error={error} loaded={!!codes} />
      {codes && codes.length === 0 ? <p className="muted">No codes yet.</p> : null}
      {codes && codes.length > 0 ? (
        <>
          <ScrollTable label="Codes (scrolls sideways)" caption="Codes" columns={CODE_COLUMNS} sorting={sorting}>
            {codes.map((c) => (
              <tr key={c.id} data-code={c.code}>
                <td>
                  <strong>{c.code}</strong>
                  {c.description ? (
                    <>
                      <br />
                      <span className="muted">{c.description}</span>
                    </>
                  ) : null}
                  {c.issuedToEmail ? (
                    <>
                      <br />
                      <span className="muted">For {c.issuedToEmail}</span>
                    </>
                  ) : null}
                </td>
                <td>
                  <time dateTime={c.createdAt}>{dateIst.format(new Date(c.createdAt))}</time>
                </td>
                <td>{SCOPE_LABELS[c.scope]}</td>
                <td>{value(c)}</td>
                <td>{window_(c)}</td>
                <td data-field="uses">
                  {c.uses} / {c.maxUses ?? '∞'}
                  {c.reserved ? <span className="muted"> (+{c.reserved} at checkout)</span> : null}
                </td>
                <td data-field="revenue">{formatPaise(c.revenuePaise)}</td>
                <td>{formatPaise(c.discountPaise)}</td>
                <td>
                  <span>{c.active ? 'Yes' : 'No'}</span>{' '}
                  <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => void setActive(c, !c.active)}>
                    {c.active ? 'Deactivate' : 'Activate'}
                  </button>{' '}
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => void showUses(c)}>
                    Uses
                  </button>
                </td>
              </tr>
            ))}
          </ScrollTable>
          <PageFooter
            shown={codes.length}
            noun={['code', 'codes']}
            order={
              sorting.sort === 'uses'
                ? sorting.dir === 'desc'
                  ? 'most used first'
                  : 'least used first'
                : sorting.dir === 'desc'
                  ? 'newest first'
                  : 'oldest first'
            }
            more={list.next !== null}
            loading={list.loading}
            onMore={list.loadMore}
          />
        </>
      ) : null}
      {uses ? <Uses code={uses.code} uses={uses.uses} onClose={() => setUses(null)} /> : null}
    </ListScreen>
  );
}

function Uses({ code, uses, onClose }: { code: CodeSummary; uses: CodeUse[]; onClose: () => void }) {
  return (
    <section className="card code-uses" aria-labelledby="code-uses-title">
      <div className="admin-head">
        <h2 id="code-uses-title">Uses of {code.code}</h2>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
          Close
        </button>
      </div>
      {uses.length === 0 ? (
        <p className="muted">Nobody has used this code yet.</p>
      ) : (
        <ScrollTable label="Uses (scrolls sideways)" caption={<>Uses of {code.code}</>} columns={USE_COLUMNS}>
          {uses.map((u) => (
            <tr key={u.id}>
              <td>{u.email}</td>
              <td>{u.what}</td>
              <td>{formatPaise(u.listPaise)}</td>
              <td>{formatPaise(u.discountPaise)}</td>
              <td>{formatPaise(u.totalPaise)}</td>
              <td>{dateTimeIst.format(new Date(u.at))}</td>
              <td>{u.status === 'reserved' ? 'At checkout' : u.status === 'used' ? 'Used' : 'Released'}</td>
            </tr>
          ))}
        </ScrollTable>
      )}
    </section>
  );
}
