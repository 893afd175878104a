/**
 * The itemised privacy notice (DPDP Act s.5, DPDP Rules 2025 r.3): each item of personal data with
 * its purpose, who receives it and how long it is kept, in English and Hindi. Shown beside the
 * forms (ItemisedNotice), on /parent-consent and on /privacy; its version is PRIVACY_NOTICE_VERSION.
 */
import type { NoticeLanguage } from './consent.ts';
import { RETENTION } from './retention.ts';

export type NoticeItem = { data: string; purpose: string };

type Notice = {
  title: string;
  items: NoticeItem[];
  recipients: string;
  retentionHeading: string;
  retention: string[];
  rights: string;
  withdraw: string;
  grievance: string;
  board: string;
};

export const GRIEVANCE_EMAIL = 'privacy@aspira.education';
export const BOARD_URL = 'https://www.dpdpboard.gov.in';

export const NOTICE: Record<NoticeLanguage, Notice> = {
  en: {
    title: 'What we collect and why',
    items: [
      { data: 'Name, email and phone', purpose: 'To answer you, confirm your email and send receipts' },
      { data: 'Date of birth (registration)', purpose: "To know if you are under 18, when a parent's consent is needed" },
      { data: "A parent's name, email and phone (under 18)", purpose: 'To ask the parent for consent' },
      { data: 'Qualification, marks, statement and experience', purpose: 'To assess your application' },
      { data: 'Billing state and GSTIN', purpose: 'To issue the tax invoice for a payment' },
      { data: 'The campaign that brought you (adults only)', purpose: 'To know which of our adverts work' },
      {
        data: 'Attendance: minutes in live classes and classroom check-ins',
        purpose: 'To show you your attendance and to stand behind the placement guarantee',
      },
    ],
    recipients:
      'Who receives it: Razorpay (payments), Postmark (email), Zoom (live classes: your name and email, to let you into each class and count your minutes), our WhatsApp messaging provider (only if you opt in), Supabase (hosting in our name). None may use it for anything else.',
    retentionHeading: 'How long we keep it',
    retention: RETENTION.map((r) => r.en),
    rights:
      'Your rights: to a copy of your data, to correct or erase it, to withdraw consent and to name someone to act for you (DPDP Act ss.11-14).',
    withdraw: 'Withdraw any consent at any time from the "Your choices" link in every email we send.',
    grievance: `Grievance officer: ${GRIEVANCE_EMAIL}; we answer within 30 days.`,
    board: 'If we do not resolve your complaint, you may complain to the Data Protection Board of India.',
  },
  hi: {
    title: 'हम क्या लेते हैं और क्यों',
    items: [
      { data: 'नाम, ईमेल और फ़ोन', purpose: 'आपको उत्तर देने, ईमेल की पुष्टि और रसीद भेजने के लिए' },
      { data: 'जन्म तिथि (पंजीकरण)', purpose: 'यह जानने के लिए कि आप 18 से कम हैं और माता-पिता की सहमति चाहिए' },
      { data: 'माता-पिता का नाम, ईमेल और फ़ोन (18 से कम)', purpose: 'माता-पिता से सहमति माँगने के लिए' },
      { data: 'योग्यता, अंक, उद्देश्य-पत्र और अनुभव', purpose: 'आपके आवेदन का मूल्यांकन करने के लिए' },
      { data: 'बिलिंग राज्य और GSTIN', purpose: 'भुगतान का कर चालान जारी करने के लिए' },
      { data: 'आपको लाने वाला अभियान (केवल वयस्क)', purpose: 'यह जानने के लिए कि हमारे कौन से विज्ञापन काम करते हैं' },
      { data: 'हाज़िरी: लाइव कक्षाओं के मिनट और कक्षा में चेक-इन', purpose: 'आपको आपकी हाज़िरी दिखाने और प्लेसमेंट गारंटी निभाने के लिए' },
    ],
    recipients:
      'किसे मिलता है: Razorpay (भुगतान), Postmark (ईमेल), Zoom (लाइव कक्षाएँ: आपका नाम और ईमेल, ताकि आप हर कक्षा में जुड़ सकें और आपके मिनट गिने जाएँ), हमारा व्हाट्सऐप सेवा प्रदाता (केवल आपकी सहमति पर), Supabase (होस्टिंग)। कोई इसे किसी और काम में नहीं ले सकता।',
    retentionHeading: 'हम इसे कितने समय रखते हैं',
    retention: RETENTION.map((r) => r.hi),
    rights: 'आपके अधिकार: अपने डेटा की प्रति, उसे सुधारना या मिटाना, सहमति वापस लेना और किसी को नामित करना (DPDP अधिनियम धारा 11-14)।',
    withdraw: 'हर ईमेल में "आपकी पसंद" लिंक से कभी भी सहमति वापस लें।',
    grievance: `शिकायत अधिकारी: ${GRIEVANCE_EMAIL}; हम 30 दिनों में उत्तर देते हैं।`,
    board: 'यदि हम आपकी शिकायत का समाधान न करें, तो आप भारतीय डेटा संरक्षण बोर्ड से शिकायत कर सकते हैं।',
  },
};
