import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { formatRupees } from '../../shared/money.ts';
import type { Purchase as PurchaseDto } from '../../shared/order.ts';
import { toast, Toasts } from '../ui/Toasts.tsx';
import { useFlash } from '../ui/useFlash.ts';
import { handleExpired, requireLogin } from '../accounts/guard.ts';
import { LABELS } from './labels.ts';

type Purchase = Omit<PurchaseDto, 'purchase'> & { purchase?: Partial<PurchaseDto['purchase']> & { paidAt: string; amount: number } };
type State = { kind: 'loading' } | { kind: 'ready'; courses: Purchase[] } | { kind: 'error' };

/** docs/product.md, States: the description cut to 100 characters plus an ellipsis. */
export function cutDescription(text: string): string {
  return text.length > 100 ? `${text.slice(0, 100)}...` : text;
}

const dateFormat = typeof Intl !== 'undefined' ? new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' }) : null;

/** /purchases: the courses this learner bought. No display record: off to /login. */
export default function Purchases() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useFlash();

  useEffect(() => {
    if (!requireLogin()) return;
    api<{ courseData: Purchase[] }>('/user/purchases')
      .then((answer) => setState({ kind: 'ready', courses: answer.courseData }))
      .catch((error: unknown) => {
        if (handleExpired(error)) return;
        setState({ kind: 'error' });
        toast.error(LABELS.purchasesFailed);
      });
  }, []);

  return (
    <>
      <Toasts />
      {state.kind === 'loading' ? (
        <p className="shop-state" role="status">
          {LABELS.loading}
        </p>
      ) : state.kind === 'error' ? (
        <p className="form-error" role="alert">
          {LABELS.purchasesFailed}
        </p>
      ) : state.courses.length === 0 ? (
        <div className="shop-empty">
          <p className="shop-state">{LABELS.noPurchases}</p>
          <a className="btn btn-primary" href="/courses">
            Browse courses
          </a>
        </div>
      ) : (
        <ul className="purchase-list" aria-label="Your courses">
          {state.courses.map((course) => (
            <li key={course._id} className="card purchase-card">
              {course.image.url ? (
                <img src={course.image.url} alt="" width={800} height={450} loading="lazy" decoding="async" />
              ) : (
                <div className="shop-card-noimage" aria-hidden="true" />
              )}
              <div className="purchase-body">
                <h2 className="shop-card-title">{course.title}</h2>
                <p className="shop-card-desc">{cutDescription(course.description)}</p>
                <p className="purchase-meta">
                  <strong className="price">{formatRupees(course.purchase?.amount ?? course.price)}</strong>
                  {course.purchase && dateFormat ? (
                    <span className="muted"> · Bought {dateFormat.format(new Date(course.purchase.paidAt))}</span>
                  ) : null}
                  {course.purchase?.discountCode ? <span className="muted"> · with code {course.purchase.discountCode}</span> : null}
                </p>
                {course.purchase?.invoice ? (
                  <p className="purchase-invoice">
                    <a href={course.purchase.invoice.pdfUrl} download>
                      Download GST invoice {course.purchase.invoice.number} (PDF)
                    </a>
                  </p>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
