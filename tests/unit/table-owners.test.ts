/**
 * Tables have owners (docs/architecture.md, Domains): every table and view the migrations create
 * has one owning domain (tests/unit/table-owners.ts), and the SQL of netlify/lib names another
 * domain's table only where ALLOWLIST says it still does.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './import-graph.ts';
import { LIB, migrationTables, PUBLIC_VIEWS, sqlTexts, TABLE_OWNERS, tableNames, tableUses } from './table-owners.ts';

/**
 * SQL that still names another domain's table: `<file under netlify/lib> -> <table>`. It may only
 * shrink: a new entry is refused by review, and an entry the code no longer needs fails the test
 * until it is removed.
 */
const ALLOWLIST: readonly string[] = [
  'accounts/privacy.ts -> account_tokens',
  'accounts/team.ts -> admin_audit_log',
  'accounts/team.ts -> contact_requests',
  'accounts/team.ts -> lead_pipeline',
  'auth/account-tokens.ts -> accounts',
  'auth/session.ts -> accounts',
  'classes/attendance.ts -> accounts',
  'classes/attendance.ts -> batches',
  'classes/calendar.ts -> accounts',
  'classes/calendar.ts -> batch_seats',
  'classes/calendar.ts -> batches',
  'classes/checkin.ts -> batch_seats',
  'classes/learn.ts -> accounts',
  'classes/learn.ts -> batch_phases',
  'classes/learn.ts -> batch_seats',
  'classes/learn.ts -> batches',
  'classes/learn.ts -> courses',
  'classes/privacy.ts -> batches',
  'classes/reminders.ts -> accounts',
  'classes/reminders.ts -> batch_seats',
  'classes/reminders.ts -> batches',
  'classes/reminders.ts -> consents',
  'classes/sessions.ts -> accounts',
  'classes/sessions.ts -> batch_seats',
  'classes/sessions.ts -> batches',
  'classes/timetable.ts -> accounts',
  'classes/timetable.ts -> batch_faculty',
  'classes/timetable.ts -> batches',
  'codes/admin.ts -> course_orders',
  'codes/admin.ts -> courses',
  'codes/admin.ts -> registration_payments',
  'codes/admin.ts -> scholarship_applications',
  'codes/store.ts -> payment_orders',
  'cohorts/batches.ts -> accounts',
  'cohorts/batches.ts -> admin_profiles',
  'cohorts/batches.ts -> courses',
  'cohorts/enrolment.ts -> accounts',
  'cohorts/enrolment.ts -> course_orders',
  'cohorts/enrolment.ts -> courses',
  'cohorts/enrolment.ts -> instalment_plans',
  'cohorts/enrolment.ts -> plan_enrolments',
  'cohorts/enrolment.ts -> registrations',
  'cohorts/offers.ts -> accounts',
  'documents/access.ts -> registration_payments',
  'documents/access.ts -> registrations',
  'documents/privacy.ts -> registrations',
  'instalments/dues.ts -> accounts',
  'instalments/enrol.ts -> discount_codes',
  'instalments/enrol.ts -> registration_payments',
  'instalments/enrol.ts -> registrations',
  'instalments/paid-parts.ts -> payment_orders',
  'instalments/paid.ts -> accounts',
  'instalments/pay.ts -> payment_orders',
  'instalments/privacy.ts -> payment_orders',
  'instalments/reminders.ts -> accounts',
  'instalments/schedule.ts -> invoices',
  'invoices/privacy.ts -> registrations',
  'leads/inbox.ts -> accounts',
  'leads/persons/entries.ts -> accounts',
  'leads/persons/entries.ts -> course_orders',
  'leads/persons/entries.ts -> courses',
  'leads/persons/entries.ts -> payment_orders',
  'leads/persons/entries.ts -> refunds',
  'leads/persons/entries.ts -> registration_payments',
  'leads/persons/persons.ts -> course_orders',
  'leads/persons/persons.ts -> registrations',
  'leads/persons/timeline.ts -> accounts',
  'leads/persons/whatsapp.ts -> accounts',
  'leads/pipeline/digest.ts -> accounts',
  'leads/pipeline/digest.ts -> admin_profiles',
  'leads/pipeline/read.ts -> accounts',
  'leads/privacy.ts -> admin_audit_log',
  'leads/privacy.ts -> course_orders',
  'leads/privacy.ts -> enrolment_parts',
  'leads/privacy.ts -> instalment_payments',
  'leads/privacy.ts -> plan_enrolments',
  'leads/privacy.ts -> registration_payments',
  'leads/privacy.ts -> registrations',
  'leads/store.ts -> accounts',
  'money/admin.ts -> accounts',
  'money/admin.ts -> invoices',
  'money/csv.ts -> invoices',
  'money/documents.ts -> credit_notes',
  'money/documents.ts -> invoices',
  'operations/alerts.ts -> accounts',
  'operations/alerts.ts -> admin_profiles',
  'operations/alerts.ts -> job_runs',
  'operations/alerts.ts -> webhook_status',
  'operations/status.ts -> job_runs',
  'operations/status.ts -> webhook_hours',
  'operations/status.ts -> webhook_status',
  'privacy/choices.ts -> consents',
  'privacy/retention-erasers.ts -> consents',
  'privacy/retention-erasers.ts -> lead_pipeline',
  'privacy/retention-erasers.ts -> parental_consents',
  'privacy/retention-erasers.ts -> registration_payments',
  'privacy/retention-erasers.ts -> registrations',
  'privacy/retention-erasers.ts -> whatsapp_messages',
  'privacy/rights.ts -> accounts',
  'privacy/rights.ts -> consents',
  'privacy/rights.ts -> parental_consents',
  'registrations/applications.ts -> invoices',
  'registrations/register.ts -> invoices',
  'shop/orders.ts -> courses',
  'shop/orders.ts -> invoices',
  'shop/paid.ts -> accounts',
  'shop/paid.ts -> courses',
  'shop/privacy.ts -> accounts',
  'shop/privacy.ts -> courses',
  'shop/privacy.ts -> payment_orders',
];

/** The size ALLOWLIST had when last shrunk: lower it with every removal, never raise it. */
const ALLOWLIST_CEILING = 110;

const tables = migrationTables();
const domains = readdirSync(LIB).filter((name) => statSync(join(LIB, name)).isDirectory());

describe('table owners', () => {
  it('gives every table and view the migrations create an owning domain', () => {
    const unowned = [...tables]
      .filter(([table]) => !TABLE_OWNERS[table])
      .map(
        ([table, migration]) =>
          `table ${table} (created in ${migration}) has no owner: add it to TABLE_OWNERS in tests/unit/table-owners.ts with the domain whose SQL writes it`,
      );
    expect(unowned).toEqual([]);
  });

  it('names only existing tables, real domains, and views as public views', () => {
    const wrong = [
      ...Object.keys(TABLE_OWNERS)
        .filter((table) => !tables.has(table))
        .map((table) => `TABLE_OWNERS lists ${table}, which no migration creates (or one drops it): remove it`),
      ...Object.entries(TABLE_OWNERS)
        .filter(([, owner]) => !domains.includes(owner))
        .map(([table, owner]) => `TABLE_OWNERS gives ${table} to ${owner}, which is no folder of netlify/lib`),
      ...Object.keys(PUBLIC_VIEWS)
        .filter((view) => !isView(view))
        .map((view) => `PUBLIC_VIEWS lists ${view}, which no migration creates as a view`),
    ];
    expect(wrong).toEqual([]);
  });

  it("lets a domain's SQL name another domain's table only where the allowlist still says so", () => {
    const allowed = new Set(ALLOWLIST);
    const found = new Set<string>();
    const outside: string[] = [];
    for (const { file, domain, table } of tableUses(new Set(tables.keys()))) {
      const owner = TABLE_OWNERS[table];
      if (!owner || owner === domain || table in PUBLIC_VIEWS) continue;
      const pair = `${file} -> ${table}`;
      found.add(pair);
      if (allowed.has(pair)) continue;
      outside.push(
        `netlify/lib/${file} reads or writes ${table}, a table of ${owner}: reach it through ${owner}${owner.endsWith('s') ? "'" : "'s"} index.ts ` +
          `or a view ${owner} owns (PUBLIC_VIEWS in tests/unit/table-owners.ts), not its table`,
      );
    }
    const gone = ALLOWLIST.filter((pair) => !found.has(pair)).map(
      (pair) => `'${pair}' no longer occurs: remove it from ALLOWLIST in tests/unit/table-owners.test.ts and lower ALLOWLIST_CEILING`,
    );
    expect([...outside, ...gone]).toEqual([]);
  });

  it('keeps the allowlist from growing', () => {
    expect(new Set(ALLOWLIST).size).toBe(ALLOWLIST.length);
    expect(ALLOWLIST.length).toBeLessThanOrEqual(ALLOWLIST_CEILING);
  });

  it('finds the tables SQL names: tags with types, fragments, joins, from-lists; not comments or plain strings', () => {
    const source = [
      'const a = await tx<{ n: number }[]>`select count(*) from accounts a join batches b on b.id = a.id`;',
      'const b = sql`insert into "course_orders" (id) values (${id}) -- not from invoices',
      '  on conflict do nothing`;',
      'const c = db()`update public.refunds set x = 1 where id in (select id from payments p, courses c2)`;',
      'const d = tx`delete from email_outbox where ${tx`channel = ${kind}`} and id in (select id from lead_pipeline)`;',
      'const e = `select * from persons`;',
      "const f = 'from lead_notes';",
    ].join('\n');
    const named = sqlTexts(source).flatMap(tableNames);
    expect(named.filter((t) => tables.has(t)).sort()).toEqual(
      ['accounts', 'batches', 'course_orders', 'courses', 'email_outbox', 'lead_pipeline', 'refunds'].sort(),
    );
  });
});

function isView(name: string): boolean {
  return new RegExp(`create\\s+(or\\s+replace\\s+)?view\\s+${name}\\b`).test(migrationSql());
}

let sqlCache: string | undefined;
function migrationSql(): string {
  sqlCache ??= [...new Set(tables.values())].map((file) => readFileSync(join(ROOT, file), 'utf8')).join('\n');
  return sqlCache;
}
