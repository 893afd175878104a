/**
 * The supplier settings for functions: the same file the site build checks, bundled into the
 * function (esbuild inlines JSON) and checked again by the same schema on first use.
 */
import raw from '../../../src/content/settings/supplier.json' with { type: 'json' };
import { supplierSchema, type Supplier } from '../../../src/shared/supplier.ts';

let parsed: Supplier | undefined;

export function supplier(): Supplier {
  parsed ??= supplierSchema.parse(raw);
  return parsed;
}
