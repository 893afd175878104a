/**
 * /parent-consent?t=…: a parent reads what their child's application would use (the itemised
 * notice, English or Hindi) and confirms or refuses (DPDP Act s.9, Rules r.10). A refusal erases
 * the child's details; the answer is recorded with who, when and which link. Everything the parent
 * decides by (greeting, buttons, answers) is in the language the notice is shown in.
 */
import { useEffect, useState } from 'react';
import { api, ApiError, errorText } from '../../lib/api.ts';
import type { NoticeLanguage } from '../../shared/consent.ts';
import { NoticeLanguageToggle } from '../ui/ConsentNotice.tsx';
import { ItemisedNotice } from './ItemisedNotice.tsx';
import { PARENT_CONSENT_WORDS } from './parent-consent-words.ts';
import '../ui/form-parts.css';

type View = { childName: string; parentName: string; status: 'awaiting' | 'given' | 'refused'; language: NoticeLanguage };
type Answer = { status: 'given' | 'refused'; earlier: boolean };

const token = () => new URLSearchParams(window.location.search).get('t') ?? '';

/** Before the link is read its language is unknown: a dead link is told in both. */
function linkProblem(error: unknown): string[] {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 404 || status === 410) {
    const key = status === 404 ? 'invalid' : 'expired';
    return [PARENT_CONSENT_WORDS.en[key], PARENT_CONSENT_WORDS.hi[key]];
  }
  return [errorText(error, PARENT_CONSENT_WORDS.en.invalid)];
}

export default function ParentConsent() {
  const [view, setView] = useState<View | null>(null);
  const [problem, setProblem] = useState<string[] | null>(null);
  const [done, setDone] = useState<Answer | null>(null);
  const [busy, setBusy] = useState(false);
  const [language, setLanguage] = useState<NoticeLanguage>('en');
  const words = PARENT_CONSENT_WORDS[language];

  useEffect(() => {
    api<View>('/parent-consent/view', { body: { token: token() } })
      .then((v) => {
        setView(v);
        setLanguage(v.language);
      })
      .catch((error) => setProblem(linkProblem(error)));
  }, []);

  async function decide(decision: 'given' | 'refused') {
    setBusy(true);
    try {
      setDone(await api<Answer>('/parent-consent/decide', { body: { token: token(), decision } }));
    } catch (error) {
      setProblem(view ? [errorText(error, words.failed)] : linkProblem(error));
    } finally {
      setBusy(false);
    }
  }

  if (problem)
    return (
      <div className="card parent-consent" role="alert">
        {problem.map((line, i) => (
          <p key={line} lang={i === 1 ? 'hi' : undefined}>
            {line}
          </p>
        ))}
      </div>
    );
  if (!view) return <p className="parent-consent">{words.loading}</p>;
  if (done || view.status !== 'awaiting') {
    const status = done?.status ?? view.status;
    // Told in the page's language: the answer just recorded, or what was decided before.
    const now = done && !done.earlier;
    const message = status === 'given' ? (now ? words.givenNow : words.given) : now ? words.refusedNow : words.refused;
    return (
      <div className="card parent-consent" role="status" data-decision={status} lang={language}>
        <p>{message}</p>
      </div>
    );
  }
  const [before, child, after] = words.hello(view.parentName, view.childName);
  return (
    <div className="card parent-consent" lang={language}>
      <p>
        {before}
        <strong>{child}</strong>
        {after}
      </p>
      <div className="consent-notice">
        <NoticeLanguageToggle language={language} onLanguage={setLanguage} />
      </div>
      <ItemisedNotice language={language} />
      <div className="parent-consent-actions">
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void decide('given')}>
          {words.consent}
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void decide('refused')}>
          {words.refuse}
        </button>
      </div>
      <p className="muted">{words.declaration}</p>
    </div>
  );
}
