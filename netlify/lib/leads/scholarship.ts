/** Scholarship applications: POST /user/scholarship. */
import { LEAD_MESSAGES, scholarshipSchema } from '../../../src/shared/leads.ts';
import { scholarshipEmails } from './emails.ts';
import { defineLead } from './definition.ts';

export const scholarshipLead = defineLead({
  schema: scholarshipSchema,
  table: 'scholarship_applications',
  columns: (data) => ({ name: data.name, email: data.email, phone: data.phone, institute: data.institute, message: data.message }),
  consentPurpose: () => 'scholarship',
  emails: scholarshipEmails,
  answer: () => LEAD_MESSAGES.scholarship,
  email: (data) => data.email,
  tracking: (data) => data,
});
