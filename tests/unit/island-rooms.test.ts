/**
 * Island rooms (docs/architecture.md, Where each kind of code lives): a file in
 * src/islands/<domain>/ imports another island folder's file only through `ui/`, one of the shared
 * kits named below, or an import on the list of today's crossings. The list may only shrink: a new
 * crossing fails, and so does a listed one that is gone (take it off the list). ESLint's
 * ISLAND_SHARED (eslint.config.js) names the same files, so the editor says it first.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './import-graph.ts';

const ISLANDS = join(ROOT, 'src/islands');

/** Kits every admin or learner screen uses, still in a domain folder (where they belong: the docs' paragraph). */
const SHARED_KITS = [
  'admin/session.ts',
  'admin/list-screen.tsx',
  'admin/list-pages.tsx',
  'admin/useAdminQuery.ts',
  'admin/me.ts',
  'admin/admin.css',
  'admin/pipeline.css',
  'accounts/guard.ts',
];

/** Today's imports of another room's file (importer -> imported), each to go. Never add one. */
const CROSSINGS = [
  'accounts/LoginForm.tsx -> shop/labels.ts',
  'accounts/PasswordInput.tsx -> shop/password.css',
  'accounts/Settings.tsx -> messaging/WhatsAppSettings.tsx',
  'accounts/SignupForm.tsx -> shop/labels.ts',
  'accounts/logout.ts -> shop/labels.ts',
  'admin/AdminSignup.tsx -> accounts/PasswordInput.tsx',
  'catalogue/OurCourses.tsx -> shop/PriceTag.tsx',
  'classes/learn-parts.ts -> shop/batch-cards.ts',
  'cohorts/SessionForm.tsx -> admin/format.ts',
  'instalments/Instalments.tsx -> codes/CodeField.tsx',
  'instalments/PlanCard.tsx -> codes/CodeField.tsx',
  'leads/Insights.tsx -> messaging/WhatsAppMonth.tsx',
  'leads/LeadPipeline.tsx -> documents/DocumentReview.tsx',
  'leads/MyLeads.tsx -> admin/format.ts',
  'leads/Person.tsx -> documents/DocumentReview.tsx',
  'leads/StageForm.tsx -> admin/format.ts',
  'nav/MobileMenu.astro -> search/Search.astro',
  'operations/Operations.tsx -> admin/format.ts',
  'privacy/PrivacyRights.tsx -> accounts/PasswordInput.tsx',
  'privacy/RightsRequest.tsx -> leads/parts.tsx',
  'registrations/Applications.tsx -> documents/ApplicationDocuments.tsx',
  'registrations/PaymentStep.tsx -> codes/CodeField.tsx',
  'registrations/useRegistration.ts -> codes/CodeField.tsx',
  'registrations/useRegistration.ts -> leads/tracking.ts',
  'shop/BuyCourse.tsx -> codes/CodeField.tsx',
  'shop/BuyCourse.tsx -> leads/tracking.ts',
];

const MOVE = 'move the shared code to src/islands/ui/ (screens) or src/lib/ (browser code without JSX)';

type Crossing = { from: string; to: string };

/** Every relative import (static, side-effect, dynamic; types and styles too) from one room into another. */
function crossings(): Crossing[] {
  const found: Crossing[] = [];
  for (const room of readdirSync(ISLANDS, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    for (const name of readdirSync(join(ISLANDS, room.name))) {
      if (!/\.(m?ts|tsx|astro)$/.test(name)) continue;
      const file = join(ISLANDS, room.name, name);
      const source = readFileSync(file, 'utf8');
      const specs = [
        ...source.matchAll(/^\s*(?:import|export)\b[^'";]*?\bfrom\s+['"](\.[^'"]+)['"]/gm),
        ...source.matchAll(/^\s*import\s+['"](\.[^'"]+)['"]/gm),
        ...source.matchAll(/import\(\s*['"](\.[^'"]+)['"]\s*\)/g),
      ].map((m) => m[1]!);
      for (const spec of specs) {
        const to = relative(ISLANDS, resolve(dirname(file), spec));
        const [toRoom, ...rest] = to.split('/');
        if (to.startsWith('..') || rest.length === 0 || toRoom === room.name) continue;
        found.push({ from: `${room.name}/${name}`, to });
      }
    }
  }
  return found;
}

const all = crossings();
const through = (c: Crossing) => (c.to.startsWith('ui/') ? 'ui' : SHARED_KITS.includes(c.to) ? 'kit' : 'listed');
const listed = all.filter((c) => through(c) === 'listed');

describe('island rooms', () => {
  it('counts the imports between src/islands folders', () => {
    const byWay = { ui: 0, kit: 0, listed: 0 };
    for (const c of all) byWay[through(c)]++;
    console.info(
      `${all.length} imports cross src/islands folders: ${byWay.ui} into ui/, ${byWay.kit} into the ${SHARED_KITS.length} shared kits` +
        ` still in a domain folder, ${byWay.listed} on the list of crossings (${CROSSINGS.length} entries) that may only shrink`,
    );
    expect(all.length).toBeGreaterThan(0);
  });

  it('adds no crossing: another room is reached through ui/, src/lib/ or a shared kit', () => {
    const fresh = [...new Set(listed.map((c) => `${c.from} -> ${c.to}`))].filter((c) => !CROSSINGS.includes(c));
    expect(fresh, `New imports of another island folder's file: ${MOVE}`).toEqual([]);
  });

  it('keeps no crossing that is gone, so the list only shrinks', () => {
    const present = new Set(listed.map((c) => `${c.from} -> ${c.to}`));
    const gone = CROSSINGS.filter((c) => !present.has(c));
    expect(gone, 'These imports are gone: take them off CROSSINGS (and their files off ISLAND_SHARED in eslint.config.js)').toEqual([]);
  });

  it('names as shared kits only files other rooms still import', () => {
    // A kit not written yet, or moved out of its domain folder, allows nothing and can wait.
    const local = SHARED_KITS.filter((kit) => existsSync(join(ISLANDS, kit)) && !all.some((c) => c.to === kit));
    expect(local, 'No other room imports these kits any more: take them off SHARED_KITS and ISLAND_SHARED').toEqual([]);
  });

  it('lets ESLint allow the same files (eslint.config.js, ISLAND_SHARED)', () => {
    const config = readFileSync(join(ROOT, 'eslint.config.js'), 'utf8');
    const block = config.match(/const ISLAND_SHARED = \[([^\]]*)\]/)?.[1] ?? '';
    const eslint = [...block.matchAll(/'([^']+)'/g)].map((m) => m[1]).sort();
    const here = [...new Set([...SHARED_KITS, ...CROSSINGS.map((c) => c.split(' -> ')[1]!)])].sort();
    expect(eslint, 'ISLAND_SHARED in eslint.config.js names exactly the shared kits and the targets of CROSSINGS').toEqual(here);
  });
});
