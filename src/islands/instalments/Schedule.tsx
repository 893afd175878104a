import type { EnrolmentDto, EnrolmentPartDto } from '../../shared/instalments.ts';
import { formatRupees } from '../../shared/money.ts';
import { dayText } from './format.ts';

const STATUS_LABEL = { paid: 'Paid', due: 'Due', overdue: 'Overdue' } as const;

type Props = { enrolment: EnrolmentDto; paying: string | null; onPay: (part: EnrolmentPartDto) => void };

/** One enrolment's schedule: each part's due date, amount, status, and Pay now or its invoice. */
export function Schedule({ enrolment, paying, onPay }: Props) {
  const headingId = `enrolment-${enrolment.id}`;
  const done = enrolment.status === 'completed';
  return (
    <section className="card plan-schedule" aria-labelledby={headingId}>
      <div className="plan-schedule-head">
        <h3 id={headingId}>{enrolment.plan.name}</h3>
        {done ? <span className="plan-chip plan-chip-paid">Plan complete</span> : null}
      </div>
      <p className="muted">
        Total {formatRupees(enrolment.total)} · Paid {formatRupees(enrolment.paid)} · Still due {formatRupees(enrolment.outstanding)}
        {enrolment.discountCode ? ` · Code ${enrolment.discountCode} (${formatRupees(enrolment.discount)} off)` : ''}
      </p>
      <div className="plan-table-wrap">
        <table className="plan-table">
          <caption className="sr-only">Payment schedule of {enrolment.plan.name}</caption>
          <thead>
            <tr>
              <th scope="col">Part</th>
              <th scope="col">Due date</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="sr-only">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {enrolment.parts.map((part) => (
              <tr key={part.id}>
                <th scope="row">{part.label}</th>
                <td data-label="Due">{dayText(part.dueOn)}</td>
                <td data-label="Amount">{formatRupees(part.amount)}</td>
                <td>
                  <span className={`plan-chip plan-chip-${part.status}`}>{STATUS_LABEL[part.status]}</span>
                  {part.refunded > 0 ? (
                    <span className="plan-refunded">
                      {part.refunded >= part.amount ? 'Refunded in full' : `${formatRupees(part.refunded)} refunded`}
                    </span>
                  ) : null}
                </td>
                <td>
                  {part.status === 'paid' ? (
                    part.invoice ? (
                      <a href={part.invoice.pdfUrl} download aria-label={`Invoice ${part.invoice.number} for ${part.label} (PDF)`}>
                        Invoice (PDF)
                      </a>
                    ) : null
                  ) : (
                    <button
                      type="button"
                      className="btn btn-primary btn-sm"
                      disabled={paying !== null}
                      aria-busy={paying === part.id || undefined}
                      aria-label={`Pay now: ${part.label}, ${formatRupees(part.amount)}`}
                      onClick={() => onPay(part)}
                    >
                      {paying === part.id ? 'Processing...' : 'Pay now'}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
