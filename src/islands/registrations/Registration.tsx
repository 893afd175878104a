/**
 * /information: registration with email OTP, then the registration fee (docs/product.md, States and Fees).
 * The flow lives in useRegistration; each step is its own component.
 */
import { lazy, Suspense } from 'react';
import { Toasts } from '../ui/Toasts.tsx';
import { DetailsStep } from './DetailsStep.tsx';
import { EmailStep } from './EmailStep.tsx';
import { PaymentStep } from './PaymentStep.tsx';
import { useRegistration } from './useRegistration.ts';
import './registration.css';

const CustomAmountDialog = lazy(() => import('./CustomAmountDialog.tsx'));

export default function Registration() {
  const flow = useRegistration();
  return (
    <div className="reg" data-ready={flow.ready || undefined} data-phase={flow.state.phase}>
      <Toasts />
      {/* The form kit's props: what was typed before the form came alive is taken over (useEarlyInput.ts). */}
      <form {...flow.form.formProps} className="reg-form" noValidate onSubmit={(e) => e.preventDefault()} aria-label="Registration">
        <EmailStep flow={flow} />
        <DetailsStep flow={flow} />
        <PaymentStep flow={flow} />
      </form>
      {/* Only a registered visitor can pay a custom amount; the page does not carry the dialog before. */}
      {flow.registered ? (
        <Suspense fallback={null}>
          <CustomAmountDialog flow={flow} />
        </Suspense>
      ) : null}
    </div>
  );
}
