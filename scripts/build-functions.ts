/**
 * Bundles each API function (netlify/functions/*.mts) with its dependencies into one ESM file in
 * build/functions, the folder Netlify deploys functions from (netlify.toml). Netlify's own bundler
 * would ship them as loose node_modules files, and a cold start then resolves and reads a hundred
 * modules (zod alone is ~70 ms); one minified file imports in about half the time. Native modules
 * (sharp, argon2) stay external and are traced into the bundle by Netlify as before.
 * The local server and the tests run the same sources unbundled.
 */
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions, type Plugin } from 'esbuild';
import { ROOT } from './lib/database.ts';
import { INLINE_SCRIPT_HASHES, pageHeadersFile } from '../netlify/lib/platform/index.ts';

export const FUNCTIONS_SOURCE = join(ROOT, 'netlify', 'functions');
export const FUNCTIONS_OUT = join(ROOT, 'build', 'functions');

/**
 * Our server modules have no import-time side effects, so a function that imports a domain's
 * entry (index.ts re-exports the whole domain) keeps only the modules it uses: without this,
 * esbuild keeps every re-exported module with a top-level call (a zod schema, a formatter), and
 * the entries doubled some bundles and their cold imports.
 */
const LIB = join(ROOT, 'netlify', 'lib');
const pureServerModules: Plugin = {
  name: 'pure-server-modules',
  setup(bundle) {
    bundle.onResolve({ filter: /^\.\.?\// }, async (args) => {
      if (args.pluginData === 'resolved') return undefined;
      const found = await bundle.resolve(args.path, {
        resolveDir: args.resolveDir,
        kind: args.kind,
        importer: args.importer,
        pluginData: 'resolved',
      });
      if (found.errors.length > 0 || !found.path.startsWith(LIB))
        return found.errors.length > 0 ? { errors: found.errors } : { path: found.path };
      return { path: found.path, sideEffects: false };
    });
  },
};

/** esbuild's options for the given function files (the build below; tests read what a bundle holds). */
export function functionBuildOptions(entries: string[]): BuildOptions {
  // The health check compares the database's migrations with the ones this build was made with.
  const migrations = readdirSync(join(ROOT, 'supabase', 'migrations'))
    .map((f) => /^(\d+)_.*\.sql$/.exec(f)?.[1])
    .filter((v): v is string => !!v)
    .sort();
  return {
    entryPoints: entries.map((f) => join(FUNCTIONS_SOURCE, f)),
    outdir: FUNCTIONS_OUT,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    // Whitespace and syntax only: names stay readable in stack traces of Netlify's function logs.
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    external: ['sharp', '@node-rs/argon2'],
    define: {
      __ASPIRA_MIGRATIONS__: JSON.stringify(migrations),
      // The invoice PDF's fonts are read at run time: netlify.toml ships them beside the bundle.
      __ASPIRA_INVOICE_FONTS__: JSON.stringify(relative(FUNCTIONS_OUT, join(ROOT, 'netlify', 'lib', 'invoices', 'fonts'))),
    },
    // CommonJS packages inside an ESM bundle still call require().
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: 'warning',
    plugins: [pureServerModules],
  };
}

/**
 * The functions answer with the CSP of the pages built before them (the hashes the page build
 * wrote into netlify/lib/platform/security-headers.generated.ts): a bundle made against other
 * pages would disagree with their `_headers`.
 */
export function assertSameContentSecurity(dist = join(ROOT, 'dist')): void {
  const headers = join(dist, '_headers');
  if (!existsSync(headers)) return;
  if (readFileSync(headers, 'utf8') !== pageHeadersFile(INLINE_SCRIPT_HASHES))
    throw new Error(
      'dist/_headers and netlify/lib/platform/security-headers.generated.ts come from different builds: run `npm run build`.',
    );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  assertSameContentSecurity();
  rmSync(FUNCTIONS_OUT, { recursive: true, force: true });
  const entries = readdirSync(FUNCTIONS_SOURCE).filter((f) => /\.m?ts$/.test(f) && !/\.(test|spec)\./.test(f));
  await build(functionBuildOptions(entries));
  console.log(`functions: ${entries.length} bundled into build/functions in ${Date.now() - started} ms`);
}
