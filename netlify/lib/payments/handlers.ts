/**
 * The second entry of payments, for the purposes' paid.ts files only: what a purpose's definition
 * and handler need (`definePurpose`, the captured payment's types) without the core, which imports
 * the definitions (PURPOSES in payments/completions.ts) and would close an import cycle.
 */
export type { GatewayPayment } from './gateway/types.ts';
export * from './purpose.ts';
