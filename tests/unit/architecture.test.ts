/**
 * The layout holds itself (docs/architecture.md, Domains): no import cycle anywhere, every server
 * domain a folder reached through its index.ts, each depending only on what its row in the
 * Domains table allows, and that table naming exactly the folders there are.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, importsOf, ROOT, sourceFiles } from './import-graph.ts';

const LIB = join(ROOT, 'netlify/lib');
const domains = readdirSync(LIB).filter((name) => statSync(join(LIB, name)).isDirectory());
const domainOf = (file: string) => relative(LIB, file).split('/')[0]!;

/** Deep imports allowed on purpose: the payments core's handlers, the privacy catalogue's rows, the handlers' entry, the outbox's WhatsApp channel, two ports' types. */
const DEEP_ALLOWED: [from: RegExp, to: RegExp][] = [
  [/^payments\/completions\.ts$/, /^[a-z-]+\/paid\.ts$/],
  [/^privacy\/catalogue\.ts$/, /^[a-z-]+\/privacy\.ts$/],
  [/^[a-z-]+\/paid\.ts$/, /^payments\/handlers\.ts$/],
  // The outbox loads the WhatsApp channel it drives (messaging imports the outbox, so not its entry).
  [/^outbox\/kinds\.ts$/, /^messaging\/channel\.ts$/],
  // Ports' type files (no runtime code), where the entry would close a circle: the catalogue's rows, the channel.
  [/^[a-z-]+\/privacy\.ts$/, /^privacy\/types\.ts$/],
  [/^messaging\/channel\.ts$/, /^outbox\/types\.ts$/],
];

/** The Domains table of docs/architecture.md: folder -> what it may import (domains or files). */
function domainTable(): Map<string, string[]> {
  const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
  const section = doc.split(/^## /m).find((s) => s.startsWith('Domains\n'));
  if (!section) throw new Error('docs/architecture.md has no "## Domains" section');
  const rows = new Map<string, string[]>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    const folder = /^`([a-z-]+)\/`$/.exec(cells[1] ?? '')?.[1];
    if (!folder) continue;
    rows.set(
      folder,
      [...(cells[4] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1]!),
    );
  }
  return rows;
}

describe('architecture', () => {
  it('has no import cycle in netlify/, src/ or scripts/, type-only imports included', () => {
    const entries = ['netlify', 'src', 'scripts'].flatMap((dir) => sourceFiles(join(ROOT, dir)));
    expect(cycles(entries)).toEqual([]);
  });

  it('finds a cycle when there is one, through a re-export too (the check can fail)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cycle-'));
    writeFileSync(join(dir, 'a.ts'), "import { b } from './b.ts';\nexport const a = () => b;\n");
    writeFileSync(join(dir, 'b.ts'), "import { A } from './c.ts';\nexport const b = () => A;\n");
    writeFileSync(join(dir, 'c.ts'), "export { a as A } from './a.ts';\n");
    writeFileSync(join(dir, 'd.ts'), "import type { b } from './b.ts';\nexport type D = typeof b;\n");
    expect(cycles([join(dir, 'a.ts'), join(dir, 'd.ts')])).toHaveLength(1);
    rmSync(dir, { recursive: true });
  });

  it('finds a cycle made of type-only imports', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cycle-'));
    writeFileSync(join(dir, 'e.ts'), "import type { F } from './f.ts';\nexport type E = { f: F };\n");
    writeFileSync(join(dir, 'f.ts'), "export type { E as F } from './e.ts';\n");
    expect(cycles([join(dir, 'e.ts')])).toHaveLength(1);
    rmSync(dir, { recursive: true });
  });

  it('keeps no loose file at the root of netlify/lib, and gives every domain an entry', () => {
    const loose = readdirSync(LIB).filter((name) => statSync(join(LIB, name)).isFile());
    expect(loose).toEqual([]);
    expect(domains.filter((d) => !existsSync(join(LIB, d, 'index.ts')))).toEqual([]);
  });

  it('an entry holds re-exports only, except where it picks a port adapter', () => {
    const PORTS = ['images'];
    const notReexport = (d: string) =>
      readFileSync(join(LIB, d, 'index.ts'), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/export\s+(type\s+)?(\*|\{[^}]*\})\s+from\s+'\.\/[^']+';/g, '')
        .trim();
    expect(domains.filter((d) => !PORTS.includes(d) && notReexport(d) !== '')).toEqual([]);
  });

  it('other domains, functions, scripts and API tests import a domain only through its entry', () => {
    const importers = [
      ...sourceFiles(LIB),
      ...['netlify/functions', 'scripts', 'tests/api'].flatMap((dir) => sourceFiles(join(ROOT, dir), { tests: true })),
    ];
    const deep: string[] = [];
    for (const file of importers) {
      for (const { target } of importsOf(file)) {
        if (!target.startsWith(LIB + '/')) continue;
        const to = relative(LIB, target);
        const from = file.startsWith(LIB + '/') ? relative(LIB, file) : null;
        if (from && domainOf(file) === domainOf(target)) continue;
        if (to.split('/').slice(1).join('/') === 'index.ts') continue;
        if (from && DEEP_ALLOWED.some(([f, t]) => f.test(from) && t.test(to))) continue;
        deep.push(`${relative(ROOT, file)} -> netlify/lib/${to}`);
      }
    }
    expect(deep).toEqual([]);
  });

  it('docs/architecture.md names every domain folder, and each depends only on what its row allows', () => {
    const table = domainTable();
    expect([...table.keys()].sort()).toEqual([...domains].sort());
    const outside: string[] = [];
    for (const file of sourceFiles(LIB)) {
      const from = domainOf(file);
      for (const { target, typeOnly } of importsOf(file)) {
        if (typeOnly || !target.startsWith(LIB + '/')) continue;
        const to = domainOf(target);
        const allowed = table.get(from) ?? [];
        if (to === from || allowed.includes(to) || allowed.includes(relative(LIB, target))) continue;
        outside.push(`${relative(ROOT, file)} imports ${to} (${from} may import: ${allowed.join(', ') || 'nothing'})`);
      }
    }
    expect(outside).toEqual([]);
  });
});
