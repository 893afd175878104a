import { useEffect, useRef, type KeyboardEvent } from 'react';
import { api } from '../../lib/api.ts';
import type { FeeCodePreviewAnswer } from '../../shared/codes.ts';
import { formatPaise, formatRupees } from '../../shared/money.ts';
import { CodeField } from '../codes/CodeField.tsx';
import { CUSTOM_OPTION, FEE_OPTIONS, successUrl } from '../../shared/registration-fees.ts';
import { BillingFields } from '../ui/BillingFields.tsx';
import type { RegistrationFlow } from './useRegistration.ts';
import { AwaitingParent } from './AwaitingParent.tsx';
import { noticeLanguageOf, SUBMIT_WORDS } from '../../shared/consent-words.ts';

/** Step 3: register, then the fee (a menu of options or a custom amount); once paid, the paid fee. */
export function PaymentStep({ flow }: { flow: RegistrationFlow }) {
  const { state, dispatch, registered, verified, refs, actions } = flow;
  const menuRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (state.pay === 'menu') menuRef.current?.querySelector('button')?.focus();
  }, [state.pay]);

  if (state.phase === 'paid') return <PaidFee flow={flow} />;
  if (registered && (flow.parentConsent === 'awaiting' || flow.parentConsent === 'refused')) return <AwaitingParent flow={flow} />;

  function onMenuKey(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && state.pay === 'menu') {
      dispatch({ type: 'payMenuToggled' });
      refs.payButton.current?.focus();
    }
  }

  const paying = state.pay === 'ordering' || state.pay === 'checkout' || state.pay === 'confirming';

  return (
    <div className="reg-actions">
      {!verified && <p className="reg-hint">Verify your email to register.</p>}
      {verified && (
        <button
          type="button"
          className={registered ? 'btn btn-primary btn-lg reg-done' : 'btn btn-primary btn-lg'}
          onClick={actions.register}
          disabled={registered || state.busy === 'registering'}
          aria-busy={state.busy === 'registering' || undefined}
        >
          {registered
            ? 'Registered'
            : state.busy === 'registering'
              ? 'Registering...'
              : SUBMIT_WORDS.register[noticeLanguageOf(flow.form.values)]}
        </button>
      )}
      {registered && (
        <BillingFields wide values={flow.billing.values} errors={flow.billing.errors} onChange={flow.billing.change} disabled={paying} />
      )}
      {registered && (
        <CodeField<FeeCodePreviewAnswer>
          initial={flow.code.initial}
          disabled={paying}
          check={(text) => api<FeeCodePreviewAnswer>('/codes/preview/fees', { body: { code: text } })}
          describe={(p) =>
            p.description || `For ${p.options.map((o) => FEE_OPTIONS.find((f) => f.id === o.feeOption)?.label ?? o.feeOption).join(', ')}`
          }
          onChange={(code, preview) => flow.code.set(code && preview ? { code, preview } : null)}
        />
      )}
      {registered && (
        <div className="reg-pay" onKeyDown={onMenuKey}>
          <button
            ref={refs.payButton}
            type="button"
            className="btn btn-accent btn-lg"
            aria-expanded={state.pay === 'menu'}
            aria-controls="fee-menu"
            disabled={paying}
            aria-busy={paying || undefined}
            onClick={() => dispatch({ type: 'payMenuToggled' })}
          >
            {paying ? 'Processing...' : 'Pay Now'}
          </button>
          {state.pay === 'menu' && (
            <ul id="fee-menu" className="fee-menu card" ref={menuRef} aria-label="Registration fee options">
              {FEE_OPTIONS.map((option) => {
                const withCode = flow.code.applied?.preview.options.find((o) => o.feeOption === option.id);
                return (
                  <li key={option.id}>
                    <button type="button" onClick={() => void actions.pay(option.id)}>
                      <span>{option.label}</span>
                      {withCode ? (
                        <span className="price">
                          <s className="fee-was">{formatPaise(withCode.listPaise)}</s>
                          {formatPaise(withCode.totalPaise)}
                        </span>
                      ) : (
                        <span className="price">{formatRupees(option.rupees)}</span>
                      )}
                    </button>
                  </li>
                );
              })}
              <li>
                <button type="button" onClick={() => dispatch({ type: 'customChosen' })}>
                  <span>{CUSTOM_OPTION.label}</span>
                  <span className="fee-custom-hint">Enter amount</span>
                </button>
              </li>
            </ul>
          )}
        </div>
      )}
      {registered && (
        <button type="button" className="btn btn-ghost btn-sm reg-start-over" onClick={actions.startOver} disabled={paying}>
          Not you? Start over
        </button>
      )}
    </div>
  );
}

/** The paid state: what was paid and where the receipt is. No way to open another fee order. */
function PaidFee({ flow }: { flow: RegistrationFlow }) {
  const { paid } = flow.state;
  return (
    <div className="reg-paid card" role="status">
      <h2 className="reg-paid-title">
        <span aria-hidden="true">✓</span> Registration fee paid
      </h2>
      {paid ? (
        <>
          <dl className="reg-paid-details">
            <div>
              <dt>Amount</dt>
              <dd>{formatRupees(paid.amount)}</dd>
            </div>
            <div>
              <dt>Programme</dt>
              <dd>{paid.programName}</dd>
            </div>
            <div>
              <dt>Payment ID</dt>
              <dd data-field="paymentId">{paid.paymentId}</dd>
            </div>
          </dl>
          <p>
            <a href={successUrl(paid)}>View your receipt</a>. A copy was sent to {paid.email}.
          </p>
          {paid.invoice ? (
            <p>
              <a href={paid.invoice.pdfUrl} download>
                Download GST invoice {paid.invoice.number} (PDF)
              </a>
            </p>
          ) : null}
        </>
      ) : (
        <p>Your registration fee has already been paid. The receipt was sent to your email.</p>
      )}
    </div>
  );
}
