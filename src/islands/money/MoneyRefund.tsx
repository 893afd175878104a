import { useEffect, useState } from 'react';
import { api, ApiError } from '../../lib/api.ts';
import { formatRupees } from '../../shared/money.ts';
import { REFUND_REASON_MAX, refundRequestSchema, type RefundDto } from '../../shared/refund.ts';
import { type MoneyPaymentDto } from '../../shared/money-view.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { Field, FormError, SubmitButton } from '../ui/Field.tsx';
import { toast } from '../ui/Toasts.tsx';
import { useForm } from '../ui/useForm.ts';
import { handleSessionEnd } from '../admin/session.ts';

const newKey = () => crypto.randomUUID();

/**
 * The Refund dialog of a captured payment: full or partial (rupees), a reason, and outside the
 * 7-day policy a confirmation. The form's key is made when it opens: a double click, or Submit
 * again after a lost answer, is the same refund on the server.
 */
export function RefundDialog({ payment, onClose, onDone }: { payment: MoneyPaymentDto | null; onClose: () => void; onDone: () => void }) {
  const form = useForm(refundRequestSchema, {
    orderId: '',
    full: true,
    amount: '',
    reason: '',
    confirmOutsidePolicy: false,
    idempotencyKey: '',
  });
  const { values, setValues, setField, bind, errors, generalError, submitting, handleSubmit } = form;
  const [lastOrder, setLastOrder] = useState<string | null>(null);

  useEffect(() => {
    if (payment && payment.orderId !== lastOrder) {
      setLastOrder(payment.orderId);
      setValues({ orderId: payment.orderId, full: true, amount: '', reason: '', confirmOutsidePolicy: false, idempotencyKey: newKey() });
      form.setErrors({});
      form.setGeneralError(null);
    }
    if (!payment) setLastOrder(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- resets the form when another payment is picked, not on each keystroke
  }, [payment]);

  const submit = handleSubmit(async (data) => {
    try {
      const { full, amount, ...rest } = data;
      const answer = await api<{ message: string; refund: RefundDto }>('/admin/refunds', {
        body: { ...rest, full, ...(full ? {} : { amount }) },
      });
      toast.success(`${answer.message}: ${formatRupees(answer.refund.amount)}`);
      onDone();
    } catch (error) {
      if (handleSessionEnd(error)) return;
      // The provider refused it: that attempt is recorded as failed, a new submit is a new refund.
      if (error instanceof ApiError && error.status === 502) setField('idempotencyKey', newKey());
      throw error;
    }
  }, 'The refund could not be made. Please try again.');

  const title = payment ? `Refund ${payment.buyer || payment.email}` : 'Refund';
  return (
    <Dialog open={payment !== null} onClose={onClose} title={title}>
      {payment ? (
        <form onSubmit={submit} noValidate className="money-refund">
          <dl className="admin-details">
            <dt>For</dt>
            <dd>{payment.item}</dd>
            <dt>Paid</dt>
            <dd>{formatRupees(payment.amount)}</dd>
            {payment.refunded + payment.refundPending > 0 ? (
              <>
                <dt>Refunded</dt>
                <dd>
                  {formatRupees(payment.refunded)}
                  {payment.refundPending > 0 ? ` (+ ${formatRupees(payment.refundPending)} pending)` : ''}
                </dd>
              </>
            ) : null}
            <dt>Can refund</dt>
            <dd>{formatRupees(payment.refundable)}</dd>
          </dl>
          <fieldset className="money-choice">
            <legend>How much</legend>
            <label>
              <input type="radio" name="full" checked={values.full === true} onChange={() => setField('full', true)} /> Full refund (
              {formatRupees(payment.refundable)})
            </label>
            <label>
              <input type="radio" name="full" checked={values.full === false} onChange={() => setField('full', false)} /> Partial refund
            </label>
          </fieldset>
          {values.full === false ? (
            <Field label="Amount to refund (₹)" error={errors['amount']} required hint={`At most ${formatRupees(payment.refundable)}`}>
              <input {...bind('amount')} inputMode="decimal" autoComplete="off" />
            </Field>
          ) : null}
          <Field
            label="Reason"
            error={errors['reason']}
            required
            hint={`${String(values.reason ?? '').length}/${REFUND_REASON_MAX} characters`}
          >
            <textarea {...bind('reason')} rows={3} maxLength={REFUND_REASON_MAX} />
          </Field>
          {payment.withinPolicy ? null : (
            <div className="money-policy">
              <p>This payment was made more than 7 days ago, outside the refund policy.</p>
              <label>
                <input
                  type="checkbox"
                  name="confirmOutsidePolicy"
                  checked={values.confirmOutsidePolicy === true}
                  onChange={(event) => setField('confirmOutsidePolicy', event.target.checked)}
                />{' '}
                Refund outside the 7-day refund policy
              </label>
            </div>
          )}
          <FormError message={generalError} />
          <div className="admin-dialog-actions">
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              Cancel
            </button>
            <SubmitButton submitting={submitting} busyLabel="Refunding..." className="btn btn-danger">
              Refund
            </SubmitButton>
          </div>
        </form>
      ) : null}
    </Dialog>
  );
}
