import { CONSENT_NOTICE, PRIVACY_NOTICE_VERSION } from '../../shared/consent.ts';
import './consent-notice.css';

const LINK_TEXT = 'Privacy Policy';
const [before, after] = CONSENT_NOTICE.includes(LINK_TEXT)
  ? [CONSENT_NOTICE.slice(0, CONSENT_NOTICE.indexOf(LINK_TEXT)), CONSENT_NOTICE.slice(CONSENT_NOTICE.indexOf(LINK_TEXT) + LINK_TEXT.length)]
  : [`${CONSENT_NOTICE} `, ''];

/**
 * The privacy notice shown next to a submit button of every form that collects personal data
 * (DPDP Act). The server records this notice's version with the row (netlify/lib/platform/consent.ts).
 */
export function ConsentNotice({ className }: { className?: string }) {
  return (
    <p className={['consent-notice', className].filter(Boolean).join(' ')} data-notice-version={PRIVACY_NOTICE_VERSION}>
      {before}
      <a href="/privacy">{LINK_TEXT}</a>
      {after}
    </p>
  );
}
