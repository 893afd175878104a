import { describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { startEmbedded } from './database.ts';

describe('the embedded database server', () => {
  it('stops cleanly while a client is inside a transaction (no error after the database closed)', async () => {
    const unhandled: unknown[] = [];
    const record = (error: unknown) => unhandled.push(error);
    process.on('unhandledRejection', record);
    try {
      const database = await startEmbedded();
      const sql = postgres(database.url, { max: 1, onnotice: () => {} });
      const reserved = await sql.reserve();
      await reserved`begin`;
      await reserved`select 1`;
      await database.stop();
      await new Promise((ok) => setTimeout(ok, 200));
      await sql.end({ timeout: 1 }).catch(() => {});
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
    }
  }, 60_000);
});
