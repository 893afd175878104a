import { NOTICE_TEXT, PRIVACY_NOTICE_VERSION, type NoticeLanguage } from '../../shared/consent.ts';

function parts(language: NoticeLanguage): [string, string, string] {
  const { notice, link } = NOTICE_TEXT[language];
  const at = notice.indexOf(link);
  return at >= 0 ? [notice.slice(0, at), link, notice.slice(at + link.length)] : [`${notice} `, link, ''];
}

const LANGUAGES: { id: NoticeLanguage; label: string }[] = [
  { id: 'en', label: 'English' },
  { id: 'hi', label: 'हिन्दी' },
];

/** "Read this notice in: English | हिन्दी" (DPDP Rules r.3: the notice in Hindi on request). */
export function NoticeLanguageToggle({
  language,
  onLanguage,
}: {
  language: NoticeLanguage;
  onLanguage: (language: NoticeLanguage) => void;
}) {
  return (
    <p className="consent-notice-languages" role="group" aria-label={NOTICE_TEXT[language].choose}>
      {NOTICE_TEXT[language].choose}:{' '}
      {LANGUAGES.map((l) => (
        <button
          key={l.id}
          type="button"
          className="consent-notice-language"
          lang={l.id}
          aria-pressed={language === l.id}
          onClick={() => onLanguage(l.id)}
        >
          {l.label}
        </button>
      ))}
    </p>
  );
}

/**
 * The privacy notice shown next to a submit button of every form that collects personal data
 * (DPDP Act). The server records this notice's version with the row (netlify/lib/platform/consent.ts).
 * A form that passes `onLanguage` offers it in English and Hindi and sends the choice with the consent.
 */
export function ConsentNotice({
  className,
  language = 'en',
  onLanguage,
}: {
  className?: string;
  language?: NoticeLanguage;
  onLanguage?: (language: NoticeLanguage) => void;
}) {
  const [before, link, after] = parts(language);
  return (
    <div className={['consent-notice', className].filter(Boolean).join(' ')} data-notice-version={PRIVACY_NOTICE_VERSION}>
      {onLanguage ? <NoticeLanguageToggle language={language} onLanguage={onLanguage} /> : null}
      <p lang={language} data-notice-language={language}>
        {before}
        <a href={NOTICE_TEXT[language].href}>{link}</a>
        {after} <a href={NOTICE_TEXT[language].itemsHref}>{NOTICE_TEXT[language].items}</a>.
      </p>
    </div>
  );
}
