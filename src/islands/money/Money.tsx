import { useState } from 'react';
import { api, errorText } from '../../lib/api.ts';
import { formatRupees } from '../../shared/money.ts';
import { type RefundDto } from '../../shared/refund.ts';
import { MONEY_KINDS, MONEY_STATUSES, PAYMENT_PURPOSE_LABELS, type MoneyPaymentDto, type MoneyView } from '../../shared/money-view.ts';
import { toast } from '../ui/Toasts.tsx';
import { RefundDialog } from './MoneyRefund.tsx';
import { handleSessionEnd, useAdmin } from '../admin/session.ts';
import '../admin/admin.css';
import './money.css';
import { DateRangeFields, FilterForm, ListScreen, LoadStatus, ScrollTable, SelectField, useFilterForm } from '../admin/list-screen.tsx';
import { queryOf, useAdminQuery } from '../admin/useAdminQuery.ts';
import { dateTimeIst } from '../../shared/dates.ts';
import type { SortDir, SortOf } from '../../shared/paging.ts';
import { PageFooter, SortBar, sortFields, usePages, useSort } from '../admin/list-pages.tsx';

type Filter = { from: string; to: string; kind: string; status: string };
const NO_FILTER: Filter = { from: '', to: '', kind: '', status: '' };

const STATUS_LABEL: Record<(typeof MONEY_STATUSES)[number], string> = {
  captured: 'Captured',
  'partially-refunded': 'Partly refunded',
  refunded: 'Refunded',
  'refund-pending': 'Refund pending',
  'refund-failed': 'Refund failed',
};
const REFUND_LABEL: Record<RefundDto['status'], string> = { pending: 'Pending', processed: 'Processed', failed: 'Failed' };
const KIND_CHOICES = MONEY_KINDS.map((kind) => ({ value: kind, label: PAYMENT_PURPOSE_LABELS[kind] }));
const STATUS_CHOICES = MONEY_STATUSES.map((status) => ({ value: status, label: STATUS_LABEL[status] }));
/** Both tables scroll in the money screen's own frame. */
const MONEY_TABLE = { wrapClass: 'money-scroll', tableClass: 'money-table' };

const SORT_HEADS: [SortOf<'money'>, string][] = [
  ['time', 'Date'],
  ['amount', 'Amount'],
];
/** The order in words, under the list. */
const ORDER_WORDS: Record<SortOf<'money'>, Record<SortDir, string>> = {
  time: { desc: 'newest first', asc: 'oldest first' },
  amount: { desc: 'largest first', asc: 'smallest first' },
};

const monthName = (month: string) =>
  new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));

/** The PDF of an invoice or credit note (owners may download every one). */
const documentHref = (kind: 'invoice' | 'credit-note', id: string) =>
  `/api/v1/${kind === 'invoice' ? 'invoices' : 'credit-notes'}/${id}/pdf`;

/** /admin/money (owners): payments with their refunds, monthly totals, tax documents, the CSV. */
export default function Money() {
  const admin = useAdmin({ announce: true });
  const form = useFilterForm(NO_FILTER);
  const { draft, filter, set, bind } = form;
  const query = queryOf(filter);
  const {
    data: view,
    error,
    reload,
  } = useAdminQuery<MoneyView, Filter>(admin, filter, `/admin/money${query}`, 'Failed to load the payments');
  const sorting = useSort('money');
  const list = usePages<MoneyPaymentDto>(admin, filter, `/admin/money/payments${query}`, sorting, 'Failed to load the payments');
  const payments = list.rows;
  const [refunding, setRefunding] = useState<MoneyPaymentDto | null>(null);
  const csvHref = `/api/v1/admin/money.csv${query}`;
  const paymentsCsvHref = `/api/v1/admin/money/payments.csv${queryOf({ ...filter, ...sortFields('money', sorting) })}`;
  const reloadAll = () => {
    reload();
    list.reload();
  };

  async function checkStatus(refund: RefundDto) {
    try {
      const answer = await api<{ refund: RefundDto }>(`/admin/refunds/${refund.id}/check`, { method: 'POST' });
      toast.success(`Refund ${REFUND_LABEL[answer.refund.status].toLowerCase()}`);
      reloadAll();
    } catch (failure) {
      if (!handleSessionEnd(failure)) toast.error(errorText(failure, 'The status could not be checked'));
    }
  }

  return (
    <ListScreen admin={admin} title="Money" csv={csvHref} csvLabel="Export CSV for the accountant">
      <FilterForm label="Filter payments" className="money-filters" form={form}>
        <DateRangeFields idPrefix="money" from={draft.from} to={draft.to} onFrom={set('from')} onTo={set('to')} />
        <SelectField id="money-kind" label="Kind" blank="All kinds" choices={KIND_CHOICES} {...bind('kind')} />
        <SelectField id="money-status" label="Status" blank="All statuses" choices={STATUS_CHOICES} {...bind('status')} />
      </FilterForm>
      <LoadStatus error={error ?? list.error} loaded={!!view && !!payments} />
      {view ? (
        <>
          <section className="money-section">
            <h2 id="money-months">Totals per month</h2>
            {view.months.length === 0 ? (
              <p className="muted">No payments match this filter.</p>
            ) : (
              <ScrollTable labelledBy="money-months" columns={['Month', 'Payments', 'Received', 'Refunded', 'Net']} {...MONEY_TABLE}>
                {view.months.map((m) => (
                  <tr key={m.month}>
                    <th scope="row">{monthName(m.month)}</th>
                    <td>{m.count}</td>
                    <td>{formatRupees(m.payments)}</td>
                    <td>{formatRupees(m.refunded)}</td>
                    <td>{formatRupees(m.net)}</td>
                  </tr>
                ))}
              </ScrollTable>
            )}
          </section>
          <section className="money-section">
            <h2 id="money-payments">Payments and refunds</h2>
            {payments && payments.length === 0 ? <p className="muted">No payments match this filter.</p> : null}
            {payments && payments.length > 0 ? (
              <div className="money-list-head">
                <SortBar caption="Sort the payments" heads={SORT_HEADS} sorting={sorting} />
                <a className="btn btn-secondary" href={paymentsCsvHref} download>
                  Export payments (CSV)
                </a>
              </div>
            ) : null}
            <ul className="money-payments">
              {(payments ?? []).map((p) => (
                <li key={p.orderId} className="money-payment card">
                  <div className="money-payment-main">
                    <div>
                      <span className="badge">{PAYMENT_PURPOSE_LABELS[p.kind]}</span>{' '}
                      <span className={`money-status money-status-${p.status}`}>{STATUS_LABEL[p.status]}</span>
                      <p className="money-who">{p.buyer || p.email}</p>
                      <p className="muted">
                        {p.item}
                        {p.discountCode ? <> · Code {p.discountCode}</> : null}
                        <br />
                        {p.email}
                      </p>
                    </div>
                    <div className="money-amount">
                      <strong>{formatRupees(p.amount)}</strong>
                      <span className="muted">
                        <time dateTime={p.paidAt}>{dateTimeIst.format(new Date(p.paidAt))}</time>
                      </span>
                      <span className="muted money-ids">
                        {p.paymentId}
                        {p.invoice ? (
                          <>
                            {' · '}
                            <a href={documentHref('invoice', p.invoice.id)} download>
                              Invoice {p.invoice.number}
                            </a>
                          </>
                        ) : null}
                      </span>
                    </div>
                    <div className="money-act">
                      {p.refundable > 0 ? (
                        <button
                          type="button"
                          className="btn btn-ghost"
                          onClick={() => setRefunding(p)}
                          aria-label={`Refund ${p.buyer || p.email}, ${p.item}`}
                        >
                          Refund
                        </button>
                      ) : null}
                      {p.refundable > 0 && !p.withinPolicy ? <span className="muted">Outside the 7-day policy</span> : null}
                    </div>
                  </div>
                  {p.refunds.length > 0 ? (
                    <ul className="money-refunds" aria-label={`Refunds of ${p.paymentId}`}>
                      {p.refunds.map((r) => (
                        <li key={r.id}>
                          <span className={`money-status money-status-refund-${r.status}`}>{REFUND_LABEL[r.status]}</span>{' '}
                          <strong>{formatRupees(r.amount)}</strong>{' '}
                          <time dateTime={r.createdAt}>{dateTimeIst.format(new Date(r.createdAt))}</time> by {r.requestedBy}:{' '}
                          <q>{r.reason}</q>
                          {r.outsidePolicy ? ' (outside the policy)' : ''}
                          {r.failureReason ? <span className="muted"> {r.failureReason}</span> : null}
                          {r.status === 'pending' ? (
                            <button type="button" className="btn btn-ghost btn-sm" onClick={() => void checkStatus(r)}>
                              Check status
                            </button>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
            {payments && payments.length > 0 ? (
              <PageFooter
                shown={payments.length}
                noun={['payment', 'payments']}
                order={ORDER_WORDS[sorting.sort][sorting.dir]}
                more={list.next !== null}
                loading={list.loading}
                onMore={list.loadMore}
              />
            ) : null}
          </section>
          <section className="money-section">
            <h2 id="money-documents">Invoices and credit notes</h2>
            {view.documents.length === 0 ? (
              <p className="muted">No tax documents in this period.</p>
            ) : (
              <ScrollTable labelledBy="money-documents" columns={['Number', 'Kind', 'Date', 'Buyer', 'Total']} {...MONEY_TABLE}>
                {view.documents.map((d) => (
                  <tr key={`${d.kind}:${d.id}`}>
                    <th scope="row">
                      <a href={documentHref(d.kind, d.id)} download>
                        {d.number}
                      </a>
                    </th>
                    <td>{d.kind === 'invoice' ? 'Invoice' : 'Credit note'}</td>
                    <td>{d.date}</td>
                    <td>{d.buyer}</td>
                    <td>{formatRupees(d.kind === 'invoice' ? d.total : -d.total)}</td>
                  </tr>
                ))}
              </ScrollTable>
            )}
          </section>
        </>
      ) : null}
      <RefundDialog
        payment={refunding}
        onClose={() => setRefunding(null)}
        onDone={() => {
          setRefunding(null);
          reloadAll();
        }}
      />
    </ListScreen>
  );
}
