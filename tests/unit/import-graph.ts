/**
 * The relative-import graph of the repository's own code, as the code runs: type-only imports
 * (`import type`, `export type`) are erased by Node and the bundler, so they are left out.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

const CODE = /\.(m?ts|tsx|astro)$/;

/** Every source file below `dir` (generated folders aside; tests only when asked). */
export function sourceFiles(dir: string, { tests = false } = {}): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path, { tests });
    return CODE.test(name) && (tests || !/\.test\.ts$/.test(name)) ? [path] : [];
  });
}

export type Import = { spec: string; target: string; typeOnly: boolean };

/** The relative imports and re-exports of one file, resolved to absolute paths. */
export function importsOf(file: string): Import[] {
  const source = readFileSync(file, 'utf8');
  const found: Import[] = [];
  for (const m of source.matchAll(/^\s*(import|export)(\s+type\b)?[^'";]*?\bfrom\s+['"](\.[^'"]+)['"]/gm))
    found.push({ spec: m[3]!, target: resolve(dirname(file), m[3]!), typeOnly: !!m[2] });
  for (const m of source.matchAll(/^\s*import\s+['"](\.[^'"]+)['"]/gm))
    found.push({ spec: m[1]!, target: resolve(dirname(file), m[1]!), typeOnly: false });
  for (const m of source.matchAll(/import\(\s*['"](\.[^'"]+)['"]\s*\)/g))
    found.push({ spec: m[1]!, target: resolve(dirname(file), m[1]!), typeOnly: false });
  return found.filter((i) => CODE.test(i.target) && existsSync(i.target));
}

/**
 * Every import cycle reachable from `entries`, type-only imports included (erased at run time,
 * but a circle of types still ties two rooms together), each as paths relative to the repository.
 */
export function cycles(entries: string[]): string[][] {
  const graph = new Map<string, string[]>();
  const pending = [...entries];
  while (pending.length) {
    const file = pending.pop()!;
    if (graph.has(file)) continue;
    const next = importsOf(file).map((i) => i.target);
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
