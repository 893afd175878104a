/** One row per check of the deploy verification, printed as a table; any failed row fails the run. */
export type Row = { check: string; expected: string; actual: string; ok: boolean };

export class Report {
  readonly rows: Row[] = [];

  add(check: string, expected: string | number, actual: string | number, ok = String(expected) === String(actual)): boolean {
    this.rows.push({ check, expected: String(expected), actual: String(actual), ok });
    return ok;
  }

  get failures(): Row[] {
    return this.rows.filter((r) => !r.ok);
  }

  print(title: string, rows = this.rows): void {
    const width = Math.min(70, Math.max(...rows.map((r) => r.check.length), 10));
    console.log(`\n${title}`);
    for (const row of rows) {
      const mark = row.ok ? 'ok  ' : 'FAIL';
      const detail = row.ok ? row.actual : `${row.actual} (expected ${row.expected})`;
      console.log(`  ${mark} ${row.check.padEnd(width)}  ${detail}`);
    }
  }
}
