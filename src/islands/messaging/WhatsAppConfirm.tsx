/**
 * /whatsapp/confirm?t=…: the page of the emailed "Confirm WhatsApp updates" link. It shows the
 * number masked; a press sends the code to it on WhatsApp; the code typed back proves the number
 * is the person's (docs/whatsapp.md, "Proving a number"). Nothing is sent before the press.
 */
import { useEffect, useState } from 'react';
import { api, errorText } from '../../lib/api.ts';
import type { WhatsAppConfirmation } from '../../shared/whatsapp-settings.ts';
import { toast, Toasts } from '../ui/Toasts.tsx';
import { WhatsAppCodeForm } from './WhatsAppCodeForm.tsx';

const token = () => new URLSearchParams(window.location.search).get('t') ?? '';

export default function WhatsAppConfirm() {
  const [state, setState] = useState<WhatsAppConfirmation | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api<{ confirmation: WhatsAppConfirmation }>('/whatsapp/confirm/view', { body: { token: token() } })
      .then(({ confirmation }) => setState(confirmation))
      .catch((error) => setProblem(errorText(error, 'This link is not valid.')));
  }, []);

  async function sendCode() {
    setBusy(true);
    try {
      setState((await api<{ confirmation: WhatsAppConfirmation }>('/whatsapp/confirm/send', { body: { token: token() } })).confirmation);
      setSent(true);
      toast.success('Code sent on WhatsApp');
    } catch (error) {
      toast.error(errorText(error, 'The code could not be sent. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  async function confirm(code: string) {
    setState((await api<{ confirmation: WhatsAppConfirmation }>('/whatsapp/confirm', { body: { token: token(), code } })).confirmation);
  }

  if (problem)
    return (
      <p className="card" role="alert">
        {problem}
      </p>
    );
  if (!state) return <p>Loading...</p>;
  if (state.confirmed)
    return (
      <div className="card" role="status">
        <p>
          Thank you: <strong>{state.phone}</strong> is confirmed. Aspira's updates now come to it on WhatsApp, and by email as always. Reply
          STOP there at any time to stop them.
        </p>
      </div>
    );
  if (state.blocked || state.withdrawn)
    return (
      <p className="card" role="alert">
        {state.blocked
          ? `${state.phone} asked us to stop WhatsApp messages (it replied STOP). To get them again, send START to Aspira on WhatsApp from it, then open this link again.`
          : 'WhatsApp updates were turned off for this address since. Tick the WhatsApp choice on a form to turn them on again.'}
      </p>
    );
  return (
    <div className="card">
      <Toasts />
      {sent ? (
        <WhatsAppCodeForm phone={state.phone} confirm={confirm} />
      ) : (
        <p>
          A form asked for Aspira's updates on WhatsApp to <strong>{state.phone}</strong>. If the number is yours, we send it a code on
          WhatsApp; type it here to confirm. Until then we send nothing to the number.
        </p>
      )}
      <button type="button" className={sent ? 'btn btn-ghost btn-sm' : 'btn btn-primary'} disabled={busy} onClick={() => void sendCode()}>
        {busy ? 'Sending...' : sent ? 'Send a new code' : 'Send me the code on WhatsApp'}
      </button>
      <p className="muted">If the number is not yours, close this page: nothing will be sent to it.</p>
    </div>
  );
}
