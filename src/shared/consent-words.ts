/**
 * The words around a consent (DPDP Rules r.3: the notice in Hindi on request): the age question,
 * the parent's fields and their messages, the WhatsApp choice and each form's button, in the
 * language the person chose to read the notice in, so they read what they agree to in one language.
 */
import type { NoticeLanguage } from './consent.ts';
import { ADULT_AGE, PARENT_SAME_MAILBOX } from './minors.ts';
import { WHATSAPP_OPT_IN_HINT, WHATSAPP_OPT_IN_LABEL } from './whatsapp-opt-in.ts';

export type ConsentWords = {
  under18: string;
  guardianLegend: string;
  guardianHint: string;
  parentName: string;
  parentEmail: string;
  parentPhone: string;
  whatsapp: string;
  whatsappHint: string;
};

export const CONSENT_WORDS: Record<NoticeLanguage, ConsentWords> = {
  en: {
    under18: `I am under ${ADULT_AGE}`,
    guardianLegend: 'Your parent or guardian',
    guardianHint: `You are under ${ADULT_AGE}, so we email your parent or guardian a link to confirm before we use your details. You can pay the fee once they confirm.`,
    parentName: "Parent's or guardian's name",
    parentEmail: "Parent's or guardian's email",
    parentPhone: "Parent's or guardian's phone",
    whatsapp: WHATSAPP_OPT_IN_LABEL,
    whatsappHint: WHATSAPP_OPT_IN_HINT,
  },
  hi: {
    under18: `मेरी आयु ${ADULT_AGE} वर्ष से कम है`,
    guardianLegend: 'आपके माता-पिता या अभिभावक',
    guardianHint: `आपकी आयु ${ADULT_AGE} वर्ष से कम है, इसलिए आपकी जानकारी का उपयोग करने से पहले हम आपके माता-पिता या अभिभावक को पुष्टि के लिए एक लिंक ईमेल करते हैं। उनकी पुष्टि के बाद आप शुल्क दे सकते हैं।`,
    parentName: 'माता-पिता या अभिभावक का नाम',
    parentEmail: 'माता-पिता या अभिभावक का ईमेल',
    parentPhone: 'माता-पिता या अभिभावक का फ़ोन',
    whatsapp: 'मुझे WhatsApp पर Aspira से अपडेट भेजें',
    whatsappHint: 'वैकल्पिक। रोकने के लिए कभी भी STOP लिखकर भेजें।',
  },
};

/** The parent's fields' messages in Hindi (the server's rule answers in English: src/shared/minors.ts). */
const PARENT_MESSAGES_HI: Record<string, string> = {
  "Enter your parent's or guardian's name": 'अपने माता-पिता या अभिभावक का नाम लिखें',
  "Enter your parent's or guardian's email": 'अपने माता-पिता या अभिभावक का ईमेल लिखें',
  'Enter a valid email address': 'सही ईमेल पता लिखें',
  [PARENT_SAME_MAILBOX]: 'माता-पिता का ईमेल आपके अपने मेलबॉक्स से अलग होना चाहिए: अपने माता-पिता का अपना ईमेल लिखें, वे उसी से पुष्टि करेंगे',
  "Enter your parent's or guardian's phone number": 'अपने माता-पिता या अभिभावक का फ़ोन नंबर लिखें',
  'Enter a valid phone number': 'सही फ़ोन नंबर लिखें',
};

export function parentMessageIn(language: NoticeLanguage, message: string): string {
  return language === 'hi' ? (PARENT_MESSAGES_HI[message] ?? message) : message;
}

/** Each consent-bearing form's button, by language. */
export const SUBMIT_WORDS = {
  contact: { en: 'Submit', hi: 'भेजें' },
  advisor: { en: 'Request a call', hi: 'कॉल का अनुरोध करें' },
  scholarship: { en: 'Apply for the scholarship', hi: 'छात्रवृत्ति के लिए आवेदन करें' },
  pitch: { en: 'Submit pitch', hi: 'पिच भेजें' },
  signup: { en: 'Create account', hi: 'खाता बनाएँ' },
  register: { en: 'Register', hi: 'पंजीकरण करें' },
} as const satisfies Record<string, Record<NoticeLanguage, string>>;

export const noticeLanguageOf = (values: Record<string, unknown>): NoticeLanguage => (values['noticeLanguage'] === 'hi' ? 'hi' : 'en');
