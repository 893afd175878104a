/**
 * The privacy notice a form shows next to its submit button, and its version. A new notice gets a
 * new version here and on /privacy; every consent row keeps the version the person saw.
 */
export const PRIVACY_NOTICE_VERSION = '2026-12-02';

/** Where a consent came from (the `purpose` stored with it). */
export type ConsentPurpose =
  | 'contact'
  | 'advisor'
  | 'scholarship'
  | 'pitch'
  | 'registration'
  | 'signup'
  /** The separate, unticked choice to get updates on WhatsApp. */
  | 'whatsapp';

/** The languages the notice is offered in; the one the person read is kept with their consent. */
export type NoticeLanguage = 'en' | 'hi';

export const CONSENT_NOTICE =
  'By submitting, you agree that Aspira may use these details to respond to you, as described in our Privacy Policy.';

/** The same notice in Hindi (DPDP Rules 2025 r.3: the notice in a language of the Eighth Schedule on request). */
export const CONSENT_NOTICE_HI =
  'जमा करके, आप सहमति देते हैं कि Aspira इन विवरणों का उपयोग आपको उत्तर देने के लिए कर सकता है, जैसा हमारी गोपनीयता नीति में बताया गया है।';

/** The notice's own words per language, with the words that link to /privacy. */
export const NOTICE_TEXT: Record<
  NoticeLanguage,
  { notice: string; link: string; href: string; choose: string; items: string; itemsHref: string }
> = {
  en: {
    notice: CONSENT_NOTICE,
    link: 'Privacy Policy',
    href: '/privacy',
    choose: 'Read this notice in',
    items: 'What we collect, why, who receives it and for how long',
    itemsHref: '/privacy#notice',
  },
  hi: {
    notice: CONSENT_NOTICE_HI,
    link: 'गोपनीयता नीति',
    href: '/privacy#hi',
    choose: 'यह सूचना पढ़ें',
    items: 'हम क्या लेते हैं, क्यों, किसे मिलता है और कितने समय तक',
    itemsHref: '/privacy#hi',
  },
};
