/**
 * Every public table with a column that looks personal (an email, name, phone, address, IP hash,
 * free text a person wrote, or a link to an account or registration) must be covered by export
 * AND erasure in netlify/lib/privacy/catalogue.ts. A new table fails here until it gets an entry.
 */
import { describe, expect, it } from 'vitest';
import { PERSONAL_DATA, STAFF_DATA } from '../../../netlify/lib/privacy/index.ts';
import { useTestDatabase } from '../support/harness.ts';

const db = useTestDatabase();

const PERSONAL_COLUMN =
  /(^|_)(e?mail|email_hash|to_address|phone|name|first_name|last_name|ip_hash|comments?|message|address|linkedin|father_name|sop|motivation|experience|qualification|institute|location|gstin|account_id|registration_id|lead_id|note|body|details)($|_)/;

/** Tables about a person whatever their columns are called (identities keep an email in `value`). */
const PERSONAL_TABLE = /(^|_)(persons?|identities|profiles?)($|_)/;

/** Columns that match the pattern but hold nothing about a person, with why. */
const NOT_PERSONAL: Record<string, string> = {
  'courses.title': 'a course',
  'payment_orders.receipt': 'our reference',
  'document_counters.series': 'invoice numbering',
  'refunds.requested_by': 'the admin who asked for the refund',
  'refunds.credit_note_id': 'a document id',
  'field_errors.message': "a browser error's text per page and day, scrubbed as the error tracker's is, tied to no visitor",
};

describe('privacy coverage of the schema', () => {
  it('covers every table holding a personal-looking column, for export and for erasure', async () => {
    const columns = await db.sql<{ table_name: string; column_name: string }[]>`
      select c.relname as table_name, a.attname as column_name
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
      order by 1, 2`;
    const personal = new Map<string, string[]>();
    for (const { table_name, column_name } of columns) {
      const personalTable = PERSONAL_TABLE.test(table_name);
      if ((!personalTable && !PERSONAL_COLUMN.test(column_name)) || NOT_PERSONAL[`${table_name}.${column_name}`]) continue;
      personal.set(table_name, [...(personal.get(table_name) ?? []), column_name]);
    }
    const uncovered = [...personal.entries()]
      .filter(([table]) => {
        const entry = PERSONAL_DATA[table];
        if (STAFF_DATA[table]) return false;
        return !entry || typeof entry.export !== 'function' || (typeof entry.erase !== 'function' && !entry.erase.keep);
      })
      .map(([table, cols]) => `${table} (${cols.join(', ')})`);
    expect(uncovered, 'add these tables to PERSONAL_DATA in netlify/lib/privacy/catalogue.ts').toEqual([]);
    // The list knows the tables this schema is built around.
    expect([...personal.keys()]).toEqual(
      expect.arrayContaining(['accounts', 'contact_requests', 'scholarship_applications', 'startup_pitches', 'registrations', 'consents']),
    );
  });

  it('names the tables it sees (for whoever reads the run)', async () => {
    const [row] = await db.sql<{ n: number }[]>`
      select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'`;
    expect(row!.n).toBeGreaterThan(15);
  });

  it('keeps a table only with a reason, and never the ones a person’s own words live in', () => {
    for (const [table, entry] of Object.entries(PERSONAL_DATA)) {
      if (typeof entry.erase !== 'function') expect(entry.erase.keep.length, table).toBeGreaterThan(20);
    }
    for (const table of [
      'accounts',
      'contact_requests',
      'scholarship_applications',
      'startup_pitches',
      'registrations',
      'consents',
      'email_outbox',
    ]) {
      expect(typeof PERSONAL_DATA[table]?.erase, table).toBe('function');
    }
  });
});
