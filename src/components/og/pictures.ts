/**
 * The stored course pictures an Open Graph image is drawn on, read at build time like the catalogue
 * (src/components/catalogue/load.ts): bytes kept in Postgres directly; a picture in Supabase Storage
 * from the live site's images function (Netlify's `URL`). A picture that cannot be read leaves the
 * image on the brand's blue: a missing picture never stops a build.
 */
const STORED = /^\/api\/v1\/images\/([0-9a-f]{64})$/;

export async function loadPictures(urls: string[]): Promise<Map<string, Uint8Array>> {
  const found = new Map<string, Uint8Array>();
  const ids = [...new Set(urls.flatMap((url) => STORED.exec(url)?.[1] ?? []))];
  const databaseUrl = process.env.DATABASE_URL;
  if (!ids.length || !databaseUrl) return found;
  const { default: postgres } = await import('postgres');
  const sql = postgres(databaseUrl, { prepare: false, max: 1, connect_timeout: 10, onnotice: () => {} });
  try {
    const rows = await sql<{ id: string; bytes: Uint8Array | null }[]>`select id, bytes from images where id in ${sql(ids)}`;
    for (const row of rows) {
      const url = `/api/v1/images/${row.id}`;
      const bytes = row.bytes ?? (await fromLiveSite(url));
      if (bytes) found.set(url, new Uint8Array(bytes));
    }
  } catch (error) {
    console.warn(`[og] course pictures could not be read (${(error as Error).message}): their images are drawn without them.`);
  } finally {
    await sql.end({ timeout: 5 });
  }
  return found;
}

async function fromLiveSite(url: string): Promise<Uint8Array | null> {
  const site = process.env.URL;
  if (!site) return null;
  try {
    const response = await fetch(new URL(url, site), { signal: AbortSignal.timeout(5000) });
    return response.ok ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch {
    return null;
  }
}
