/**
 * What a fresh clone installs (README, Quick start): the project's Node 24 through the `node`
 * package's install script, which npm 12 runs only when package.json's allowScripts names it;
 * no package that only the bench or the dev server needs among what the site runs on; and one
 * PostgreSQL story (docs/supabase.md, Versions).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { ROOT } from './import-graph.ts';

type Manifest = {
  engines?: { node?: string };
  allowScripts?: Record<string, boolean>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};
type Lock = { packages: Record<string, { version?: string; hasInstallScript?: boolean; dev?: boolean }> };

const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const manifest = JSON.parse(read('package.json')) as Manifest;
const lock = JSON.parse(read('package-lock.json')) as Lock;
/** "node_modules/a/node_modules/@b/c" -> "@b/c" */
const nameOf = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
/** An allowScripts key's package name ("esbuild", "node@24.21.0", "@scope/x@1.0.0"). */
const keyName = (key: string) => key.slice(0, key.indexOf('@', 1) === -1 ? undefined : key.indexOf('@', 1));

describe('install scripts (npm 12 runs only those package.json allows)', () => {
  const withScripts = Object.entries(lock.packages)
    .filter(([path, entry]) => path && entry.hasInstallScript)
    .map(([path, entry]) => ({ name: nameOf(path), version: entry.version }));

  it("allows the `node` package's, which installs the project's Node 24 (node_modules/.bin/node)", () => {
    expect(manifest.devDependencies?.node).toBeDefined();
    expect(manifest.allowScripts?.node).toBe(true);
  });

  // An update that brings a new package with an install script fails here until someone decides.
  it('names every locked package that has an install script, allowed or denied, by name', () => {
    const policy = manifest.allowScripts ?? {};
    const unreviewed = withScripts.filter((p) => !Object.keys(policy).some((key) => keyName(key) === p.name));
    expect(unreviewed).toEqual([]);
    // A version-pinned entry would stop matching at the next update and silently skip the script.
    expect(Object.keys(policy).filter((key) => key !== keyName(key))).toEqual([]);
  });
});

describe('engines', () => {
  it('asks for the Node the code needs, the one .nvmrc and the `node` package give: 24 (global URLPattern)', () => {
    const minimum = /^>=\s*(\d+)/.exec(manifest.engines?.node ?? '')?.[1];
    expect(Number(minimum)).toBe(24);
    expect(read('.nvmrc').trim()).toBe(minimum);
    expect(manifest.devDependencies?.node).toMatch(new RegExp(`^\\D*${minimum}\\.`));
  });
});

describe('what npm install brings', () => {
  const all = { ...manifest.dependencies, ...manifest.devDependencies };

  it('no Lighthouse or Chrome launcher: the page bench installs them on demand, pinned', () => {
    expect(Object.keys(all).filter((name) => ['lighthouse', 'chrome-launcher'].includes(name))).toEqual([]);
    expect(Object.keys(lock.packages).filter((path) => /node_modules\/(lighthouse|chrome-launcher)$/.test(path))).toEqual([]);
  });

  it("Astro's Netlify adapter is a devDependency: only `astro dev` uses it", () => {
    expect(manifest.dependencies).not.toHaveProperty('@astrojs/netlify');
    expect(manifest.devDependencies).toHaveProperty('@astrojs/netlify');
  });

  it('no supabase-js: Storage is reached with fetch (platform/storage.ts)', () => {
    expect(Object.keys(lock.packages).filter((path) => path.includes('node_modules/@supabase/'))).toEqual([]);
  });
});

describe('updates (renovate.json)', () => {
  type Rule = { groupName?: string; matchPackageNames?: string[]; rangeStrategy?: string; dependencyDashboardApproval?: boolean };
  const rules = () => (JSON.parse(read('renovate.json')) as { packageRules: Rule[] }).packageRules;
  const all = { ...manifest.dependencies, ...manifest.devDependencies };
  const matches = (pattern: string, name: string) => (pattern.endsWith('/**') ? name.startsWith(pattern.slice(0, -2)) : pattern === name);

  it('groups Astro, React, Netlify and the testing tools', () => {
    const groups = rules().map((r) => r.groupName);
    for (const group of ['Astro', 'React', 'Netlify', 'testing']) expect(groups).toContain(group);
    const grouped = (group: string, name: string) =>
      rules()
        .find((r) => r.groupName === group)
        ?.matchPackageNames?.some((pattern) => matches(pattern, name));
    expect([
      grouped('Astro', 'astro'),
      grouped('React', 'react'),
      grouped('Netlify', '@netlify/dev'),
      grouped('testing', 'vitest'),
    ]).toEqual([true, true, true, true]);
  });

  it('keeps each package whose internals the code relies on at an exact version until an upgrade is approved', () => {
    const held = rules().filter((r) => r.rangeStrategy === 'pin' && r.dependencyDashboardApproval);
    expect(held).toHaveLength(1);
    const names = Object.keys(all).filter((name) => held[0]!.matchPackageNames!.some((pattern) => matches(pattern, name)));
    expect(names).toEqual(
      expect.arrayContaining(['postgres', '@cantoo/pdf-lib', '@cantoo/fontkit', '@sveltia/cms', '@zxcvbn-ts/language-en']),
    );
    expect(names.filter((name) => !/^\d+\.\d+\.\d+$/.test(all[name]!))).toEqual([]);
  });
});

describe('PostgreSQL versions', () => {
  it('supabase/config.toml runs the major a Supabase project runs in production, the one docs/supabase.md names', () => {
    const config = parse(read('supabase/config.toml')) as { db: { major_version: number } };
    const documented = /production runs PostgreSQL (\d+)/i.exec(read('docs/supabase.md'))?.[1];
    expect(config.db.major_version).toBe(17);
    expect(String(config.db.major_version)).toBe(documented);
  });
});
