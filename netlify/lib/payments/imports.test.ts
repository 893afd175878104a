/**
 * No import cycles in the server code: every module's relative imports (type-only imports are
 * erased when the code runs, so they are left out) form a graph without loops. The payments core used to reach back
 * into the domains that import it; this keeps it from coming back anywhere.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.m?ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const found = [...source.matchAll(/^\s*(?:import|export)(?!\s+type\b)\b[^'"]*?from\s+['"](\.[^'"]+)['"]/gm)].map((m) => m[1]!);
  const dynamic = [...source.matchAll(/import\(\s*['"](\.[^'"]+)['"]\s*\)/g)].map((m) => m[1]!);
  return [...found, ...dynamic].map((spec) => resolve(dirname(file), spec)).filter((p) => /\.m?ts$/.test(p));
}

/** Every cycle found by a depth-first walk, as a list of paths relative to the repository. */
function cycles(entries: string[]): string[][] {
  const graph = new Map<string, string[]>();
  const pending = [...entries];
  while (pending.length) {
    const file = pending.pop()!;
    if (graph.has(file)) continue;
    const next = importsOf(file);
    graph.set(file, next);
    pending.push(...next);
  }
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open')
        found.push(
          stack
            .slice(stack.indexOf(next))
            .concat(next)
            .map((f) => relative(ROOT, f)),
        );
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe('imports', () => {
  it('the payments core, the payable domains, invoices and every function they serve have no import cycle', () => {
    const entries = [
      ...files(join(ROOT, 'netlify/lib/payments')),
      ...files(join(ROOT, 'netlify/lib/invoices')),
      join(ROOT, 'netlify/lib/shop/orders.ts'),
      join(ROOT, 'netlify/lib/registrations/register.ts'),
      ...['payments.mts', 'orders.mts', 'registrations.mts', 'payments-recheck.mts', 'invoices.mts'].map((f) =>
        join(ROOT, 'netlify/functions', f),
      ),
    ];
    // Cycles elsewhere that these modules merely reach (a storage adapter loaded lazily by its
    // own index) are their area's business; none may pass through the money code.
    const money = /netlify\/(lib\/(payments|invoices)\/|lib\/(orders|registrations|course-payments|registration-payments)\.ts|functions\/)/;
    expect(cycles(entries).filter((cycle) => cycle.some((f) => money.test(f)))).toEqual([]);
  });

  it('finds a cycle when there is one, through a re-export too (the check can fail)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cycle-'));
    writeFileSync(join(dir, 'a.ts'), "import { b } from './b.ts';\nexport const a = () => b;\n");
    writeFileSync(join(dir, 'b.ts'), "import { A } from './c.ts';\nexport const b = () => A;\n");
    writeFileSync(join(dir, 'c.ts'), "export { a as A } from './a.ts';\n");
    expect(cycles([join(dir, 'a.ts')])).toHaveLength(1);
    rmSync(dir, { recursive: true });
  });
});
