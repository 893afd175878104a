/**
 * Which domain owns each table and view (docs/architecture.md, Domains): the owner's SQL is the
 * only SQL that names it; other domains reach it through the owner's index.ts or a view the owner
 * keeps. Kept here, next to the test that reads it, so a wrong entry fails where it is written.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { ROOT, sourceFiles } from './import-graph.ts';

export const LIB = join(ROOT, 'netlify/lib');
const MIGRATIONS = join(ROOT, 'supabase/migrations');

/** Table or view -> the domain folder of netlify/lib that owns it (writes it, answers for it). */
export const TABLE_OWNERS: Record<string, string> = {
  // platform: the consent record, the audit log, rate limits, job heartbeats, webhook counts
  consents: 'platform',
  admin_audit_log: 'platform',
  rate_limits: 'platform',
  job_runs: 'platform',
  webhook_hours: 'platform',
  webhook_status: 'platform',
  // auth: single-use email links
  account_tokens: 'auth',
  // accounts: learners, admins, the team and who takes which programme's leads
  accounts: 'accounts',
  admin_profiles: 'accounts',
  lead_assignment_rules: 'accounts',
  // outbox: every queued message (emails and WhatsApp) and the addresses it holds back
  email_outbox: 'outbox',
  email_suppressions: 'outbox',
  undeliverable_emails: 'outbox',
  // messaging: WhatsApp contacts, conversations, proof of opt-in, the sandbox
  whatsapp_contacts: 'messaging',
  whatsapp_messages: 'messaging',
  whatsapp_codes: 'messaging',
  whatsapp_blocked_numbers: 'messaging',
  whatsapp_sandbox_messages: 'messaging',
  images: 'images',
  courses: 'catalogue',
  parental_consents: 'guardians',
  parental_refused_links: 'guardians',
  invoices: 'invoices',
  credit_notes: 'invoices',
  billing_details: 'invoices',
  document_counters: 'invoices',
  // leads: the forms, the inbox, the pipeline, persons
  contact_requests: 'leads',
  scholarship_applications: 'leads',
  startup_pitches: 'leads',
  lead_inbox: 'leads',
  lead_inbox_kinds: 'leads',
  lead_pipeline: 'leads',
  lead_notes: 'leads',
  lead_stage_changes: 'leads',
  lead_touches: 'leads',
  lead_facts: 'leads',
  lead_payments: 'leads',
  lead_stages: 'leads',
  counsellor_digests_sent: 'leads',
  persons: 'leads',
  person_identities: 'leads',
  person_leads: 'leads',
  person_merges: 'leads',
  discount_codes: 'codes',
  discount_redemptions: 'codes',
  // payments: the ledger of every purpose's orders, webhooks, refunds, the sandbox gateway
  payment_orders: 'payments',
  payment_events: 'payments',
  refunds: 'payments',
  sandbox_orders: 'payments',
  sandbox_payments: 'payments',
  sandbox_refunds: 'payments',
  registrations: 'registrations',
  registration_payments: 'registrations',
  email_otps: 'registrations',
  otp_verification_tokens: 'registrations',
  applicant_documents: 'documents',
  document_deletions: 'documents',
  batches: 'cohorts',
  batch_phases: 'cohorts',
  batch_faculty: 'cohorts',
  batch_seats: 'cohorts',
  class_sessions: 'classes',
  class_registrants: 'classes',
  class_reminders: 'classes',
  attendance_entries: 'classes',
  attendance_current: 'classes',
  learner_attendance: 'classes',
  calendar_feeds: 'classes',
  meeting_recordings: 'meetings',
  sandbox_zoom_meetings: 'meetings',
  sandbox_zoom_registrants: 'meetings',
  sandbox_zoom_participants: 'meetings',
  course_orders: 'shop',
  instalment_plans: 'instalments',
  instalment_plan_parts: 'instalments',
  instalment_payments: 'instalments',
  instalment_reminders: 'instalments',
  plan_enrolments: 'instalments',
  enrolment_parts: 'instalments',
  active_plan_parts: 'instalments',
  privacy_requests: 'privacy',
  retention_erasures: 'privacy',
  rights_requests: 'privacy',
  operations_alerts: 'operations',
  reconciliations: 'operations',
  field_vitals: 'operations',
  field_errors: 'operations',
};

/** Views an owner keeps for other domains to read (never to write), with what they serve. */
export const PUBLIC_VIEWS: Record<string, string> = {
  learner_attendance: "a learner's batches and attendance percent, for the person page and My leads",
  lead_stages: "each lead's stage, owner and when its stage last changed, for documents' access and retention",
  active_plan_parts: "the active fee plans' parts at list price, for a code's preview",
  undeliverable_emails: "addresses mail does not reach now and no right address was recorded for, for the counsellors' queue",
};

const IDENT = '(?:public\\.)?"?([a-z_][a-z0-9_]*)"?';

/** Every table and view the migrations create and do not drop, with the migration that created it. */
export function migrationTables(): Map<string, string> {
  const tables = new Map<string, string>();
  for (const name of readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    const sql = readFileSync(join(MIGRATIONS, name), 'utf8').replace(/--.*$/gm, '').toLowerCase();
    const create = new RegExp(
      `create\\s+(?:or\\s+replace\\s+)?(?:materialized\\s+)?(?:table|view)\\s+(?:if\\s+not\\s+exists\\s+)?${IDENT}`,
      'g',
    );
    for (const m of sql.matchAll(create)) if (!tables.has(m[1]!)) tables.set(m[1]!, `supabase/migrations/${name}`);
    for (const m of sql.matchAll(new RegExp(`drop\\s+(?:table|view)\\s+(?:if\\s+exists\\s+)?${IDENT}`, 'g'))) tables.delete(m[1]!);
    for (const m of sql.matchAll(new RegExp(`alter\\s+(?:table|view)\\s+(?:if\\s+exists\\s+)?${IDENT}\\s+rename\\s+to\\s+${IDENT}`, 'g'))) {
      tables.set(m[2]!, tables.get(m[1]!) ?? `supabase/migrations/${name}`);
      tables.delete(m[1]!);
    }
  }
  return tables;
}

/** The text of every tagged template (`tx\`...\``, `sql<T>\`...\``, fragments inside them), each `${}` a blank. */
export function sqlTexts(source: string, fileName = 'file.ts'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const texts: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isTaggedTemplateExpression(node)) {
      const t = node.template;
      texts.push(ts.isNoSubstitutionTemplateLiteral(t) ? t.text : [t.head.text, ...t.templateSpans.map((s) => s.literal.text)].join(' ? '));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return texts;
}

/** Names standing where SQL names a table: after from, join, into, update, using, references, table, and a from-list's commas. */
export function tableNames(sql: string): string[] {
  const text = sql.replace(/--.*$/gm, '').toLowerCase();
  const names: string[] = [];
  const after = new RegExp(
    `\\b(?:from|join|into|update|using|references|table)\\s+(?:only\\s+)?${IDENT}(?=((?:\\s+(?:as\\s+)?[a-z_][a-z0-9_]*)?(?:\\s*,\\s*${IDENT}(?:\\s+(?:as\\s+)?[a-z_][a-z0-9_]*)?)*))`,
    'g',
  );
  for (const m of text.matchAll(after)) {
    names.push(m[1]!);
    for (const more of (m[2] ?? '').matchAll(new RegExp(`,\\s*${IDENT}`, 'g'))) names.push(more[1]!);
  }
  return names;
}

export type TableUse = { file: string; domain: string; table: string };

/** Every known table named by the SQL of netlify/lib (tests aside), once per file and table. */
export function tableUses(tables: ReadonlySet<string>): TableUse[] {
  const uses = new Map<string, TableUse>();
  for (const path of sourceFiles(LIB).filter((f) => f.endsWith('.ts'))) {
    const file = relative(LIB, path);
    for (const text of sqlTexts(readFileSync(path, 'utf8'), path))
      for (const table of tableNames(text))
        if (tables.has(table)) uses.set(`${file} -> ${table}`, { file, domain: file.split('/')[0]!, table });
  }
  return [...uses.values()];
}
