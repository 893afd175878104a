/**
 * Leads: the public forms (advisor callbacks and contact messages, scholarship applications,
 * startup pitches: one store and one small definition per kind), where each lead came from
 * (touches), the admin inbox, the admissions pipeline (pipeline/), the people behind the leads
 * (persons/) and what converts (insights).
 */
export { createLead, limitLeads, type LeadData } from './store.ts';
export { LEAD_DEFINITIONS, type FormLeadKind } from './kinds.ts';
export * from './emails.ts';
export * from './inbox.ts';
export * from './insights.ts';
export * from './persons/correct-email.ts';
export * from './persons/merge.ts';
export * from './persons/persons.ts';
export * from './persons/timeline.ts';
export * from './persons/whatsapp.ts';
export * from './pipeline/actions.ts';
export * from './pipeline/digest.ts';
export * from './pipeline/read.ts';
export * from './touches.ts';
