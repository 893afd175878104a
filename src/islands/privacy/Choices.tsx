/**
 * /choices?t=…: "Your choices", opened from the signed link in any email, no login (DPDP Act
 * s.6(4)). Each consent with its purpose, date and notice version; withdraw one or all at once.
 */
import { useEffect, useState } from 'react';
import { api, errorText } from '../../lib/api.ts';
import { PURPOSE_LABELS, type ChoicesAnswer, type WithdrawAnswer } from '../../shared/choices.ts';
import type { ConsentPurpose } from '../../shared/consent.ts';
import { toast, Toasts } from '../ui/Toasts.tsx';
import './notice.css';

const token = () => new URLSearchParams(window.location.search).get('t') ?? '';
const day = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });

/** The notice the person read when they agreed: its version is the day it was published. */
function noticeText(version: string, language: string): string {
  const read = language === 'hi' ? 'in Hindi (हिन्दी)' : 'in English';
  const published = /^\d{4}-\d{2}-\d{2}$/.test(version) ? new Date(`${version}T00:00:00+05:30`) : null;
  return published ? `Privacy notice of ${day.format(published)}, ${read}` : `Privacy notice version ${version}, ${read}`;
}

/** On a phone the table's rows stack and its header hides: each cell says what it is (notice.css). */
const CellName = ({ children }: { children: string }) => <span className="choices-cell-name">{children}</span>;

export default function Choices() {
  const [answer, setAnswer] = useState<ChoicesAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api<ChoicesAnswer>('/choices', { body: { token: token() } })
      .then(setAnswer)
      .catch((error) => setProblem(errorText(error, 'This link is not valid.')));
  }, []);

  async function withdraw(purpose?: ConsentPurpose) {
    setBusy(true);
    try {
      const result = await api<WithdrawAnswer>('/choices/withdraw', { body: { token: token(), ...(purpose ? { purpose } : {}) } });
      setAnswer(result);
      toast.success(result.message);
    } catch (error) {
      toast.error(errorText(error, 'We could not withdraw just now. Try again.'));
    } finally {
      setBusy(false);
    }
  }

  if (problem)
    return (
      <p className="card choices" role="alert">
        {problem}
      </p>
    );
  if (!answer) return <p className="choices">Loading...</p>;
  const active = answer.consents.filter((c) => !c.withdrawnAt);
  return (
    <div className="card choices">
      <Toasts />
      <p>
        The consents given with <strong>{answer.email}</strong>. Withdrawing takes effect at once: we stop using your details for that
        purpose and cancel messages not yet sent. Payment records stay as tax law requires.
      </p>
      {answer.consents.length === 0 ? (
        <p>We hold no consent for this address.</p>
      ) : (
        <table className="choices-table">
          <thead>
            <tr>
              <th scope="col">Purpose</th>
              <th scope="col">Given</th>
              <th scope="col">Notice</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {answer.consents.map((c, index) => (
              <tr key={`${c.purpose}-${c.givenAt}-${index}`} data-purpose={c.purpose}>
                <th scope="row">{PURPOSE_LABELS[c.purpose] ?? c.purpose}</th>
                <td>
                  <CellName>Given</CellName>
                  {day.format(new Date(c.givenAt))}
                </td>
                <td>
                  <CellName>Notice</CellName>
                  {noticeText(c.noticeVersion, c.language)}
                </td>
                <td>
                  <CellName>Status</CellName>
                  {c.withdrawnAt ? (
                    <span>Withdrawn {day.format(new Date(c.withdrawnAt))}</span>
                  ) : (
                    <button type="button" className="btn btn-secondary btn-sm" disabled={busy} onClick={() => void withdraw(c.purpose)}>
                      Withdraw
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {active.length > 1 ? (
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void withdraw()}>
          Withdraw all
        </button>
      ) : null}
      <p className="muted">
        To get a copy of your data or have it erased, see the <a href="/privacy">Privacy Policy</a>.
      </p>
    </div>
  );
}
