// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * Domain boundaries (docs/architecture.md, Domains): a domain is reached only through its
 * index.ts. `exceptions` names the deep imports allowed on purpose (the payments core's list of
 * paid.ts handlers, the privacy catalogue's list of privacy.ts rows, the handlers' own entry, the
 * privacy catalogue's and the outbox's types.ts).
 */
const ENTRY_ONLY = 'Import another domain through its index.ts (docs/architecture.md, Domains)';
/** @type {(up: number, exceptions?: string[]) => Record<string, unknown>} */
const deepInto = (up, exceptions = []) => ({
  regex: `^${'\\.\\./'.repeat(up)}[^/.][^/]*/(?!(?:${['index\\.ts', ...exceptions].join('|')})$)`,
  message: ENTRY_ONLY,
});
const LAYER = 'The platform imports no domain (docs/architecture.md, Domains)';
const libDeep = { regex: '(^|/)netlify/lib/[^/]+/(?!index\\.ts$)', message: ENTRY_ONLY };
/**
 * Island rooms (docs/architecture.md, Where each kind of code lives): a file in src/islands/<domain>/
 * imports another island folder's file only when it is in `ui/` or named here. The first eight are
 * the kits every admin or learner screen uses, until they move to ui/ or src/lib/; the others are
 * today's crossings, which may only go (tests/unit/island-rooms.test.ts keeps this list and the
 * code in step, import by import).
 */
const ISLAND_SHARED = [
  'admin/session.ts',
  'admin/list-screen.tsx',
  'admin/list-pages.tsx',
  'admin/useAdminQuery.ts',
  'admin/me.ts',
  'admin/admin.css',
  'admin/pipeline.css',
  'accounts/guard.ts',
  'accounts/PasswordInput.tsx',
  'admin/format.ts',
  'codes/CodeField.tsx',
  'documents/ApplicationDocuments.tsx',
  'documents/DocumentReview.tsx',
  'leads/parts.tsx',
  'leads/tracking.ts',
  'messaging/WhatsAppMonth.tsx',
  'messaging/WhatsAppSettings.tsx',
  'search/Search.astro',
  'shop/PriceTag.tsx',
  'shop/batch-cards.ts',
  'shop/labels.ts',
  'shop/password.css',
];
const ISLAND_ROOM = {
  regex: `^\\.\\./(?!ui/|(?:${ISLAND_SHARED.map((f) => f.replace(/\./g, '\\.')).join('|')})$)[^/.][^/]*/`,
  message:
    'An island imports another island folder only through src/islands/ui/ or src/lib/: move the shared code there (tests/unit/island-rooms.test.ts)',
};
/** @type {(...patterns: Record<string, unknown>[]) => import('eslint').Linter.RulesRecord} */
const restrict = (...patterns) => ({ '@typescript-eslint/no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['dist/', 'build/', '.astro/', '.netlify/', '.data/', 'node_modules/', 'public/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        URL: 'readonly',
        URLPattern: 'readonly',
        Buffer: 'readonly',
        fetch: 'readonly',
        Request: 'readonly',
        Response: 'readonly',
        Headers: 'readonly',
        crypto: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        TextEncoder: 'readonly',
        TextDecoder: 'readonly',
        window: 'readonly',
        document: 'readonly',
        localStorage: 'readonly',
        sessionStorage: 'readonly',
        navigator: 'readonly',
        requestAnimationFrame: 'readonly',
        CSS: 'readonly',
        FormData: 'readonly',
        AbortController: 'readonly',
        HTMLElement: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      'no-empty': ['error', { allowEmptyCatch: true }],
      // Validation deliberately matches control characters to refuse them.
      'no-control-regex': 'off',
    },
  },
  // Hooks called in the same order on every render, with every value they read in their deps.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // Functions, scripts and API tests reach the server code through each domain's entry.
  {
    files: ['netlify/functions/**/*.mts', 'netlify/functions/**/*.ts'],
    rules: restrict({ ...libDeep, regex: '^\\.\\./lib/[^/]+/(?!index\\.ts$)' }),
  },
  { files: ['scripts/**/*.ts', 'tests/api/**/*.ts'], rules: restrict(libDeep) },
  // A domain's files reach other domains through their entries.
  { files: ['netlify/lib/*/*.ts'], ignores: ['**/*.test.ts'], rules: restrict(deepInto(1)) },
  { files: ['netlify/lib/*/*/*.ts'], ignores: ['**/*.test.ts'], rules: restrict(deepInto(2)) },
  { files: ['netlify/lib/payments/completions.ts'], rules: restrict(deepInto(1, ['paid\\.ts'])) },
  { files: ['netlify/lib/privacy/catalogue.ts'], rules: restrict(deepInto(1, ['privacy\\.ts'])) },
  { files: ['netlify/lib/*/paid.ts'], rules: restrict(deepInto(1, ['handlers\\.ts'])) },
  // A port's type file (no runtime code) where the entry would close a circle of types.
  { files: ['netlify/lib/*/privacy.ts', 'netlify/lib/messaging/channel.ts'], rules: restrict(deepInto(1, ['types\\.ts'])) },
  // Island rooms: each src/islands/<domain>/ reaches another only through ui/ or ISLAND_SHARED.
  { files: ['src/islands/*/*.{ts,tsx,astro}'], rules: restrict(ISLAND_ROOM) },
  // The platform is the bottom layer: it imports no domain (type-only imports of a port aside).
  {
    files: ['netlify/lib/platform/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict(
      { regex: '^\\.\\./[^/.][^/]*/', message: LAYER, allowTypeImports: true },
      { regex: '^\\.\\./\\.\\./[^/.][^/]*/', message: LAYER, allowTypeImports: true },
    ),
  },
);
