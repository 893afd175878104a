/** Every lead kind the public forms create, by the name used in references and rate limits. */
import { contactLead } from './contact.ts';
import { pitchLead } from './pitch.ts';
import { scholarshipLead } from './scholarship.ts';

export const LEAD_DEFINITIONS = { contact: contactLead, scholarship: scholarshipLead, pitch: pitchLead };
export type FormLeadKind = keyof typeof LEAD_DEFINITIONS;
