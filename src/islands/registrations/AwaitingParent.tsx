import { useState } from 'react';
import { toast } from '../ui/Toasts.tsx';
import type { RegistrationFlow } from './useRegistration.ts';

/** A child's registration, held until the parent confirms by the emailed link (DPDP Act s.9): no fee step until then. */
export function AwaitingParent({ flow }: { flow: RegistrationFlow }) {
  const [checking, setChecking] = useState(false);
  const refused = flow.parentConsent === 'refused';

  async function check() {
    setChecking(true);
    const status = await flow.actions.checkParent();
    setChecking(false);
    if (status === 'given') toast.success('Your parent confirmed. You can pay the fee now.');
    else if (status === 'awaiting') toast('Not yet: your parent has not confirmed. Ask them to open the email from Aspira.');
    else if (status === null) toast.error('We could not check just now. Try again in a moment.');
  }

  return (
    <div className="reg-actions">
      <button type="button" className="btn btn-primary btn-lg reg-done" disabled>
        Registered
      </button>
      <div className="reg-awaiting card" role="status" data-parent-consent={flow.parentConsent}>
        <h3>{refused ? 'Your parent did not give consent' : "Awaiting your parent's consent"}</h3>
        {refused ? (
          <p>Your parent or guardian refused, so we erased the details you gave us.</p>
        ) : (
          <>
            <p>
              We emailed your parent or guardian a link. Once they confirm, come back here to pay the fee. Until then we use your details
              only to reach them.
            </p>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => void check()}
              disabled={checking}
              aria-busy={checking || undefined}
            >
              {checking ? 'Checking...' : 'My parent has confirmed: continue'}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
