/**
 * Which messages are marketing (DPDP Act s.9(3): no advertising aimed at children; s.6(4):
 * withdrawal stops it at once). A transactional message answers something the person did or owes;
 * marketing offers something they did not ask for, and its sender marks it `marketing: true`
 * (netlify/lib/outbox/write.ts): it is written only for an adult with a consent not withdrawn
 * (platform/consent.ts, mayMarketTo) and carries List-Unsubscribe with one-click POST.
 *
 * Every email the site sends today is transactional, each for the reason below; a new tag gets a
 * line here (or is sent with `marketing: true`).
 */
export const TRANSACTIONAL_TAGS: Record<string, string> = {
  otp: 'the code the person asked for',
  'verify-email': 'confirms the address of an account just made',
  'signup-attempt': 'tells the owner of an address that someone used it',
  'reset-password': 'the link the person asked for',
  'password-changed': 'a security notice about their account',
  'registration-receipt': 'the receipt of a payment',
  'course-receipt': 'the receipt of a payment',
  'instalment-receipt': 'the receipt of a payment',
  'course-duplicate-payment': 'a second payment and its refund',
  'instalment-duplicate-payment': 'a second payment and its refund',
  'code-not-held': 'a payment refunded because its code ran out',
  'code-refund': 'a refund of a payment',
  'course-refund': 'a refund of a payment',
  'instalment-refund': 'a refund of a payment',
  'refund-processed': 'a refund of a payment',
  'instalment-reminder-*': 'a fee the person owes under their plan',
  'scholarship-code': 'the code awarded on the person’s scholarship application',
  'contact-confirmation': 'answers the person’s enquiry',
  'advisor-confirmation': 'answers the person’s callback request',
  'scholarship-confirmation': 'answers the person’s application',
  'pitch-confirmation': 'answers the person’s pitch',
  'parent-consent': 'asks a parent to consent for their child',
  'privacy-erasure': 'confirms an erasure the person asked for',
  'privacy-request': 'the link that proves a privacy request the person made',
  'privacy-request-waiting': 'tells the team a request is waiting',
  'breach-notice': 'the law requires telling the person of a breach (DPDP Rules r.7)',
  'waitlist-seat': 'tells a learner on a batch’s waiting list that a seat is free for them',
};
