/**
 * Leads from the public forms: advisor callbacks and contact messages, scholarship applications,
 * startup pitches. One store (leads/store.ts) and one small definition per kind (leads/*.ts).
 */
export { createLead, limitLeads, type LeadData } from './store.ts';
export { LEAD_DEFINITIONS, type FormLeadKind } from './kinds.ts';
export { greetingName, GREETING_MAX } from './emails.ts';
