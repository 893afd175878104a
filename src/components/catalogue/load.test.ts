import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrate, seed, startEmbedded, type Database } from '../../../scripts/lib/database.ts';

/** A fresh copy of the module each time: it reads the catalogue once per build. */
async function loadCatalogue() {
  vi.resetModules();
  return (await import('./load.ts')).loadCatalogue();
}

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  vi.restoreAllMocks();
});

describe('the catalogue the build prerenders', () => {
  let database: Database;
  beforeAll(async () => {
    database = await startEmbedded();
    await migrate(database.url);
    await seed(database.url);
  }, 60_000);
  afterAll(() => database.stop());

  it('lists the courses from the database', async () => {
    process.env.DATABASE_URL = database.url;
    const courses = await loadCatalogue();
    expect(courses?.map((c) => c.title)).toContain('Digital Marketing');
    expect(courses).toHaveLength(5);
  });

  it('a local build without a database warns and leaves the list to the browser', async () => {
    delete process.env.DATABASE_URL;
    delete process.env.CONTEXT;
    delete process.env.CI;
    delete process.env.APP_ENV;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await loadCatalogue()).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('DATABASE_URL is not set'));
  });

  it.each([
    ['a Netlify build', { CONTEXT: 'deploy-preview' }],
    ['CI', { CI: 'true' }],
    ['production', { APP_ENV: 'production' }],
  ])('%s without a database fails instead of shipping an empty catalogue', async (_label, extra) => {
    delete process.env.DATABASE_URL;
    Object.assign(process.env, extra);
    await expect(loadCatalogue()).rejects.toThrow(/DATABASE_URL is not set: this build must list the courses/);
  });

  it('a Netlify build whose database does not answer fails too', async () => {
    process.env.CONTEXT = 'production';
    process.env.DATABASE_URL = 'postgres://postgres:postgres@127.0.0.1:9/postgres';
    await expect(loadCatalogue()).rejects.toThrow(/could not read courses at build time/);
  });
});
