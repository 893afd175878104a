/**
 * The course list as the build sees it: the home catalogue and /courses are prebuilt from the
 * database, so they list the courses with JavaScript off. A build on Netlify, in CI or for
 * production that cannot read the courses fails: an empty catalogue would go unnoticed. A local
 * build without a database is allowed with a warning (null); the page's script then fills the list
 * from the API.
 */
import type { CourseDto } from '../../shared/course.ts';

/** Netlify builds (CONTEXT is set), CI and production must have the catalogue in the HTML. */
function catalogueRequired(): boolean {
  const env = process.env;
  return Boolean(env.CONTEXT || env.CI === 'true' || env.CI === '1' || env.APP_ENV === 'production');
}

function unavailable(reason: string): null {
  if (catalogueRequired()) {
    throw new Error(`[catalogue] ${reason}: this build must list the courses in the home page, so it stops here.`);
  }
  console.warn(`[catalogue] ${reason}: the course lists are built empty and load in the browser.`);
  return null;
}

let loaded: Promise<CourseDto[] | null> | undefined;

/** Read once per build, however many pages list the courses. */
export function loadCatalogue(): Promise<CourseDto[] | null> {
  loaded ??= readCatalogue();
  return loaded;
}

async function readCatalogue(): Promise<CourseDto[] | null> {
  const url = process.env.DATABASE_URL;
  if (!url) return unavailable('DATABASE_URL is not set');
  const { default: postgres } = await import('postgres');
  const { listCourses } = await import('../../../netlify/lib/catalogue/courses.ts');
  const sql = postgres(url, { prepare: false, max: 1, connect_timeout: 10, onnotice: () => {} });
  try {
    return await listCourses(sql);
  } catch (error) {
    return unavailable(`could not read courses at build time (${(error as Error).message})`);
  } finally {
    await sql.end({ timeout: 5 });
  }
}
