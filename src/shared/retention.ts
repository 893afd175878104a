/**
 * How long each kind of personal data is kept (DPDP Rules 2025 r.8 and the Third Schedule): the
 * one schedule the notice shows and the retention job (netlify/lib/privacy/retention.ts) runs.
 * Days count from the row's last activity. A domain that adds personal data adds its line here and
 * its eraser in netlify/lib/privacy/retention-erasers.ts. Payment and invoice records are kept as tax law
 * requires (the CGST Act s.36 and the Income-tax Act: 8 years), reduced to what it requires.
 */
export type RetentionKind =
  | 'enquiries'
  | 'unpaid-registrations'
  | 'awaiting-parent'
  | 'unconfirmed-requests'
  | 'emails'
  | 'consent-log'
  | 'documents'
  | 'messages'
  | 'class-logistics'
  | 'class-attendance'
  | 'payments';

export type RetentionRule = { kind: RetentionKind; days: number; en: string; hi: string };

export const RETENTION: readonly RetentionRule[] = [
  {
    kind: 'enquiries',
    days: 730,
    en: 'Enquiries (callback, contact, scholarship, pitch) with no activity: 2 years',
    hi: 'बिना गतिविधि वाली पूछताछ (कॉलबैक, संपर्क, छात्रवृत्ति, पिच): 2 वर्ष',
  },
  {
    kind: 'unpaid-registrations',
    days: 365,
    en: 'Registrations never paid for: 1 year',
    hi: 'जिन पंजीकरणों का शुल्क नहीं दिया गया: 1 वर्ष',
  },
  {
    kind: 'awaiting-parent',
    days: 7,
    en: "A child's details whose parent never answered: 7 days after the link expires",
    hi: 'बच्चे का विवरण जिसके माता-पिता ने उत्तर नहीं दिया: लिंक समाप्त होने के 7 दिन बाद',
  },
  {
    // Whatever anyone typed on /privacy-request for an address they may not own.
    kind: 'unconfirmed-requests',
    days: 7,
    en: 'A privacy request nobody confirmed from the email: 7 days',
    hi: 'गोपनीयता अनुरोध जिसकी ईमेल से पुष्टि नहीं हुई: 7 दिन',
  },
  {
    kind: 'emails',
    days: 365,
    en: 'Copies of the emails we sent you: 1 year',
    hi: 'आपको भेजे गए ईमेल की प्रतियाँ: 1 वर्ष',
  },
  {
    kind: 'consent-log',
    days: 365,
    en: 'The log of a withdrawn consent and of processing: 1 year after it ends (DPDP Rules r.8(3))',
    hi: 'वापस ली गई सहमति और प्रसंस्करण का लॉग: समाप्ति के 1 वर्ष बाद (नियम 8(3))',
  },
  {
    kind: 'documents',
    days: 730,
    en: "Applicants' documents (marksheets, passport, CV...): 2 years after the registration ends (enrolled or closed)",
    hi: 'आवेदक के दस्तावेज़ (अंकपत्र, पासपोर्ट, सीवी...): पंजीकरण समाप्त होने के 2 वर्ष बाद',
  },
  {
    kind: 'messages',
    days: 365,
    en: 'WhatsApp messages to and from you: 1 year',
    hi: 'आपको भेजे गए और आपसे आए WhatsApp संदेश: 1 वर्ष',
  },
  {
    // Counted from the end of the batch: the join links' reports were read within days.
    kind: 'class-logistics',
    days: 30,
    en: 'Live-class join links, class reminders sent, waiting-list places and the class calendar feed: 30 days after the batch ends',
    hi: 'लाइव कक्षा के जुड़ने के लिंक, भेजे गए कक्षा रिमाइंडर, प्रतीक्षा सूची में जगह और कक्षा कैलेंडर फ़ीड: बैच ख़त्म होने के 30 दिन बाद',
  },
  {
    // The placement guarantee runs 6 months after the batch ends; a consumer complaint may then
    // be brought within 2 years (Consumer Protection Act 2019 s.69): 30 months in all.
    kind: 'class-attendance',
    days: 913,
    en: 'Attendance in a batch (check-ins, minutes in live classes, corrections): 2 years and 6 months after the batch ends, the placement guarantee’s 6 months and then 2 years to bring a claim',
    hi: 'बैच में हाज़िरी (चेक-इन, लाइव कक्षा के मिनट, सुधार): बैच ख़त्म होने के 2 साल 6 महीने बाद, यानी प्लेसमेंट गारंटी के 6 महीने और फिर दावा करने के 2 साल',
  },
  {
    kind: 'payments',
    days: 8 * 365,
    en: 'Payments and tax invoices: 8 years, as tax law requires (only the name, amount, date and payment id)',
    hi: 'भुगतान और कर चालान: 8 वर्ष, कर कानून के अनुसार (केवल नाम, राशि, तिथि और भुगतान आईडी)',
  },
];

export function retentionDays(kind: RetentionKind): number {
  return RETENTION.find((r) => r.kind === kind)!.days;
}
