/**
 * The applicant's ordinary requests (checklist, issue upload, the team's screens) come from a small
 * function that never loads sharp or the byte inspection; only the confirm route, which has bytes to
 * judge, is served by the inspection function (docs/architecture.md, Documents).
 */
import { describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { findFunction, loadFunctions } from '../../../scripts/lib/functions.ts';
import { functionBuildOptions } from '../../../scripts/build-functions.ts';

async function bundled(entry: string) {
  const result = await build({ ...functionBuildOptions([entry]), write: false, metafile: true, logLevel: 'silent' });
  // Modules with code in the output (esbuild lists every module it read, tree-shaken ones too).
  const inputs = Object.values(result.metafile.outputs).flatMap((o) =>
    Object.entries(o.inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([file]) => file),
  );
  const imports = Object.values(result.metafile.outputs).flatMap((o) => o.imports.map((i) => i.path));
  return { inputs, imports };
}

describe('the documents functions', () => {
  it('route the confirm to the inspection function and every other documents path to the small one', async () => {
    const functions = await loadFunctions((file) => import(/* @vite-ignore */ file));
    const owner = (path: string, method: string) => findFunction(functions, path, method)?.name;
    expect(owner('/api/v1/user/applications/abc/documents/uploads/12/confirm', 'POST')).toBe('documents-check');
    expect(owner('/api/v1/user/applications/abc/documents', 'GET')).toBe('documents');
    expect(owner('/api/v1/user/applications/abc/documents/uploads', 'POST')).toBe('documents');
    expect(owner('/api/v1/admin/registrations/abc/documents', 'GET')).toBe('documents');
    expect(owner('/api/v1/admin/documents/12/open', 'POST')).toBe('documents');
    expect(owner('/api/v1/admin/documents/12/review', 'POST')).toBe('documents');
  });

  it('keep sharp and the byte inspection out of the small bundle', async () => {
    const small = await bundled('documents.mts');
    expect(small.inputs.filter((f) => /documents\/(inspect|confirm)/.test(f))).toEqual([]);
    expect(small.imports).not.toContain('sharp');
    const check = await bundled('documents-check.mts');
    expect(check.inputs.some((f) => f.endsWith('netlify/lib/documents/inspect.ts'))).toBe(true);
    expect(check.imports).toContain('sharp');
  }, 60_000);
});
