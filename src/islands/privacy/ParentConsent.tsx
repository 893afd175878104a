/**
 * /parent-consent?t=…: a parent reads what their child's application would use (the itemised
 * notice, English or Hindi) and confirms or refuses (DPDP Act s.9, Rules r.10). A refusal erases
 * the child's details; the answer is recorded with who, when and which link.
 */
import { useEffect, useState } from 'react';
import { api, errorText } from '../../lib/api.ts';
import type { NoticeLanguage } from '../../shared/consent.ts';
import { NoticeLanguageToggle } from '../ui/ConsentNotice.tsx';
import { ItemisedNotice } from './ItemisedNotice.tsx';

type View = { childName: string; parentName: string; status: 'awaiting' | 'given' | 'refused'; language: NoticeLanguage };
type Answer = { status: 'given' | 'refused'; message: string };

const token = () => new URLSearchParams(window.location.search).get('t') ?? '';

export default function ParentConsent() {
  const [view, setView] = useState<View | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<Answer | null>(null);
  const [busy, setBusy] = useState(false);
  const [language, setLanguage] = useState<NoticeLanguage>('en');

  useEffect(() => {
    api<View>('/parent-consent/view', { body: { token: token() } })
      .then((v) => {
        setView(v);
        setLanguage(v.language);
      })
      .catch((error) => setProblem(errorText(error, 'This link is not valid.')));
  }, []);

  async function decide(decision: 'given' | 'refused') {
    setBusy(true);
    try {
      setDone(await api<Answer>('/parent-consent/decide', { body: { token: token(), decision } }));
    } catch (error) {
      setProblem(errorText(error, 'We could not record your answer. Try again.'));
    } finally {
      setBusy(false);
    }
  }

  if (problem)
    return (
      <p className="card parent-consent" role="alert">
        {problem}
      </p>
    );
  if (!view) return <p className="parent-consent">Loading...</p>;
  if (done || view.status !== 'awaiting') {
    const status = done?.status ?? view.status;
    return (
      <div className="card parent-consent" role="status" data-decision={status}>
        <p>{done?.message ?? (status === 'given' ? 'You have already given consent. Thank you.' : 'You have already refused consent.')}</p>
      </div>
    );
  }
  return (
    <div className="card parent-consent">
      <p>
        Hello {view.parentName}. <strong>{view.childName}</strong> named you as their parent or guardian while applying to Aspira. They are
        under 18, so we need your consent before we use their details. Until you answer, we use them only to reach you.
      </p>
      <div className="consent-notice">
        <NoticeLanguageToggle language={language} onLanguage={setLanguage} />
      </div>
      <ItemisedNotice language={language} />
      <div className="parent-consent-actions">
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void decide('given')}>
          I am their parent or guardian and I consent
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void decide('refused')}>
          I refuse: erase their details
        </button>
      </div>
      <p className="muted">
        We record your answer with the time and this link. By confirming, you declare that you are this child&apos;s parent or lawful
        guardian.
      </p>
    </div>
  );
}
