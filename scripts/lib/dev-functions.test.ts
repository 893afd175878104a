import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevFunctions, type DevFunctions } from './dev-functions.ts';

const probe = (answer: string) => `
export default () => Response.json({ answer: ${JSON.stringify(answer)} });
export const config = { path: '/api/v1/probe' };
`;

describe('npm run dev: the API', () => {
  let dir = '';
  let functions: DevFunctions;
  let startedIn = 0;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dev-functions-'));
    await writeFile(join(dir, 'probe.mts'), probe('first'));
    const started = performance.now();
    functions = await startDevFunctions({ functionsDir: dir, watched: [dir] });
    startedIn = performance.now() - started;
  }, 30_000);
  afterAll(async () => {
    await functions?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const ask = async () => (await (await fetch(`${await functions.address()}/api/v1/probe`)).json()) as { answer: string };

  it('answers from the same function runner as npm start, soon after it starts', async () => {
    expect(await ask()).toEqual({ answer: 'first' });
    expect(startedIn).toBeLessThan(15_000);
  });

  it("answers with an edited function's new code on the next request, without a restart by hand", async () => {
    await writeFile(join(dir, 'probe.mts'), probe('edited'));
    await new Promise((ok) => setTimeout(ok, 20)); // the watcher's event, not the restart
    expect(await ask()).toEqual({ answer: 'edited' });
  }, 30_000);
});
