import type { NoticeLanguage } from '../../shared/consent.ts';
import { CONSENT_WORDS } from '../../shared/consent-words.ts';
import { optInTicked } from '../../shared/whatsapp-opt-in.ts';

/**
 * The separate, unticked choice to get updates on WhatsApp (docs/whatsapp.md): its own consent,
 * apart from the privacy notice; a form adds this one line and the `whatsappOptIn` schema fragment.
 */
export function WhatsAppOptIn({
  value,
  onChange,
  id,
  child = false,
  language = 'en',
}: {
  value: unknown;
  onChange: (checked: boolean) => void;
  id: string;
  /** Under 18: no messages go to a child (DPDP Act s.9), so the choice is not offered. */
  child?: boolean;
  /** The notice's language: the choice reads in it, and the messages come in it. */
  language?: NoticeLanguage;
}) {
  if (child) return null;
  return (
    <div className="whatsapp-opt-in" lang={language}>
      <input id={id} name="whatsapp" type="checkbox" checked={optInTicked(value)} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>
        {CONSENT_WORDS[language].whatsapp}
        <span className="whatsapp-opt-in-hint">{CONSENT_WORDS[language].whatsappHint}</span>
      </label>
    </div>
  );
}
