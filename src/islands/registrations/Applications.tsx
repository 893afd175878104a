import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { APPLICATION_STATUS_LABEL, type ApplicationDto, type ApplicationsAnswer } from '../../shared/applications.ts';
import { formatRupees } from '../../shared/money.ts';
import { handleExpired, requireLogin } from '../accounts/guard.ts';
import { toast, Toasts } from '../ui/Toasts.tsx';
import { ReadyMark } from '../ui/useHydrated.ts';
import { ApplicationDocuments } from '../documents/ApplicationDocuments.tsx';
import './applications.css';
import { dateIst, dateTimeIst } from '../../shared/dates.ts';

export const APPLICATION_LABELS = {
  loading: 'Loading...',
  failed: 'Your applications could not be loaded. Please try again.',
  none: 'You have no applications yet.',
  noneHint: 'Registered for a programme with another email address? Log in with an account for that email to see it here.',
  confirmFirst: 'Confirm your email address to see your applications.',
  confirmHint:
    'Registrations are matched to your account by email, so we show them once you have confirmed this address with the link we emailed you.',
  receiptByEmail: 'Emailed to you',
} as const;

type State = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; answer: ApplicationsAnswer };

/** /applications: the registrations (and fee payments) whose email is this learner's confirmed email. */
export default function Applications() {
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    if (!requireLogin()) return;
    api<ApplicationsAnswer>('/user/applications')
      .then((answer) => setState({ kind: 'ready', answer }))
      .catch((error: unknown) => {
        if (handleExpired(error)) return;
        setState({ kind: 'error' });
        toast.error(APPLICATION_LABELS.failed);
      });
  }, []);

  return (
    <>
      <Toasts />
      <ReadyMark />
      {state.kind === 'loading' ? (
        <p className="shop-state" role="status">
          {APPLICATION_LABELS.loading}
        </p>
      ) : state.kind === 'error' ? (
        <p className="form-error" role="alert">
          {APPLICATION_LABELS.failed}
        </p>
      ) : !state.answer.emailVerified ? (
        <div className="card app-card" role="status">
          <h2>{APPLICATION_LABELS.confirmFirst}</h2>
          <p className="muted">{APPLICATION_LABELS.confirmHint}</p>
          <a className="btn btn-primary" href="/verify-email?next=%2Fapplications">
            Confirm your email
          </a>
        </div>
      ) : state.answer.applications.length === 0 ? (
        <div className="shop-empty">
          <p className="shop-state">{APPLICATION_LABELS.none}</p>
          <p className="muted">{APPLICATION_LABELS.noneHint}</p>
          <a className="btn btn-primary" href="/information">
            Register for a programme
          </a>
        </div>
      ) : (
        <ul className="app-list" aria-label="Your applications">
          {state.answer.applications.map((application) => (
            <ApplicationCard key={application._id} application={application} />
          ))}
        </ul>
      )}
    </>
  );
}

function ApplicationCard({ application }: { application: ApplicationDto }) {
  const headingId = `app-${application._id}`;
  return (
    <li className="card app-card">
      <div className="app-head">
        <h2 id={headingId}>{application.programme ?? 'Programme registration'}</h2>
        <span className={`badge app-status app-status-${application.status}`}>{APPLICATION_STATUS_LABEL[application.status]}</span>
      </div>
      <dl className="app-facts">
        <div>
          <dt>Registered on</dt>
          <dd>{dateIst.format(new Date(application.registeredAt))}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{APPLICATION_STATUS_LABEL[application.status]}</dd>
        </div>
      </dl>
      {application.payments.length > 0 ? (
        <section aria-labelledby={`${headingId}-payments`}>
          <h3 id={`${headingId}-payments`}>Payments</h3>
          <ul className="app-payments">
            {application.payments.map((payment) => (
              <li key={payment.paymentId} className="app-payment">
                <dl className="app-facts">
                  <div>
                    <dt>Amount</dt>
                    <dd className="price">{formatRupees(payment.amount)}</dd>
                  </div>
                  {payment.refunded > 0 ? (
                    <div>
                      <dt>Refunded</dt>
                      <dd className="price">
                        {formatRupees(payment.refunded)}
                        {payment.refunded >= payment.amount ? ' (in full)' : ''}
                      </dd>
                    </div>
                  ) : null}
                  <div>
                    <dt>For</dt>
                    <dd>{payment.programName}</dd>
                  </div>
                  <div>
                    <dt>Paid on</dt>
                    <dd>{dateTimeIst.format(new Date(payment.paidAt))}</dd>
                  </div>
                  <div>
                    <dt>Payment ID</dt>
                    <dd>
                      <code>{payment.paymentId}</code>
                    </dd>
                  </div>
                  <div>
                    <dt>Receipt</dt>
                    <dd>
                      {payment.receiptUrl ? (
                        <a href={payment.receiptUrl} download>
                          Download receipt<span className="sr-only"> for payment {payment.paymentId}</span>
                        </a>
                      ) : (
                        APPLICATION_LABELS.receiptByEmail
                      )}
                    </dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <ApplicationDocuments registrationId={application._id} headingId={`${headingId}-documents`} />
      <section className="app-next" aria-labelledby={`${headingId}-next`}>
        <h3 id={`${headingId}-next`}>What happens next</h3>
        <p>{application.nextSteps}</p>
        {application.status === 'registered' ? (
          <a className="btn btn-primary btn-sm" href="/information">
            Pay the registration fee
          </a>
        ) : null}
      </section>
    </li>
  );
}
