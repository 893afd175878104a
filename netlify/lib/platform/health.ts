/**
 * Is the site able to serve (GET /api/v1/health, for an external uptime monitor, and the
 * operations screen's round trip)? The database answers, and it has every migration this code was
 * built with. Nothing else: no counts, no versions, no secrets.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { db } from './db.ts';
import { log } from './log.ts';

/** Set by scripts/build-functions.ts (esbuild `define`): the migration versions of this build. */
declare const __ASPIRA_MIGRATIONS__: string[] | undefined;

let expected: string[] | undefined;

/** The migration versions this code expects (supabase/migrations/<version>_<name>.sql). */
export function expectedMigrations(): string[] {
  if (expected) return expected;
  if (typeof __ASPIRA_MIGRATIONS__ !== 'undefined') return (expected = __ASPIRA_MIGRATIONS__);
  // Unbundled (npm start, tests, scripts): read them from the repository.
  const dir = fileURLToPath(new URL('../../../supabase/migrations/', import.meta.url));
  expected = readdirSync(dir)
    .map((file) => /^(\d+)_.*\.sql$/.exec(file)?.[1])
    .filter((v): v is string => !!v)
    .sort();
  return expected;
}

export type Health = {
  healthy: boolean;
  checks: { database: 'ok' | 'unreachable'; migrations: 'ok' | 'behind' | 'unknown' };
  databaseMs: number | null;
};

/** Never throws: an unreachable database is an answer here, not an error. */
export async function checkHealth(): Promise<Health> {
  const started = performance.now();
  let applied: Set<string>;
  try {
    const rows = await db()<{ version: string }[]>`select version from supabase_migrations.schema_migrations`;
    applied = new Set(rows.map((r) => r.version));
  } catch (error) {
    log.warn('health: database not reachable', { error });
    return { healthy: false, checks: { database: 'unreachable', migrations: 'unknown' }, databaseMs: null };
  }
  const databaseMs = Math.round((performance.now() - started) * 10) / 10;
  const missing = expectedMigrations().filter((v) => !applied.has(v));
  if (missing.length) log.warn('health: migrations not applied', { missing: missing.length });
  return { healthy: missing.length === 0, checks: { database: 'ok', migrations: missing.length ? 'behind' : 'ok' }, databaseMs };
}
