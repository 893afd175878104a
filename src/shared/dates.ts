/**
 * The one way dates and times are shown (screens and emails): Indian English, in India time, the
 * business's time zone, whatever the viewer's clock says.
 */
const ZONE = 'Asia/Kolkata';

/** "23 Nov 2026, 9:30 am" */
export const dateTimeIst = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: ZONE });
/** "23 Nov 2026" */
export const dateIst = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: ZONE });
/** "23 November 2026 at 9:30 am IST", as receipts date a payment. */
export const receiptDateIst = (at: Date) => `${longDateTimeIst.format(at)} IST`;
const longDateTimeIst = new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeStyle: 'short', timeZone: ZONE });
