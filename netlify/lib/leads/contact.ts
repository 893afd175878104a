/** Advisor callbacks (the dialog and /popup) and contact-page messages: POST /user/contactus. */
import { contactRequestSchema, LEAD_MESSAGES } from '../../../src/shared/leads.ts';
import { contactEmails } from './emails.ts';
import { defineLead, orNull } from './definition.ts';

export const contactLead = defineLead({
  schema: contactRequestSchema,
  table: 'contact_requests',
  columns: (data) => ({
    source: data.source,
    name: data.Name ?? '',
    phone: data.Number,
    email: data.email,
    programme: data.source === 'contact' ? null : orNull(data.programme),
    comments: data.source === 'contact' ? data.comments : '',
  }),
  consentPurpose: (data) => (data.source === 'contact' ? 'contact' : 'advisor'),
  emails: contactEmails,
  answer: (data) => (data.source === 'contact' ? LEAD_MESSAGES.contact : LEAD_MESSAGES.advisor),
  email: (data) => data.email,
  tracking: (data) => data,
});
