/**
 * The home catalogue is prebuilt from the database at build time. Without DATABASE_URL (or when the
 * database cannot be reached) the page is built with an empty list and a warning; the catalogue
 * script in the browser then fills it from GET /api/v1/course/courses.
 */
import type { CourseDto } from '../../shared/course.ts';

export async function loadCatalogue(): Promise<CourseDto[]> {
  if (!process.env.DATABASE_URL) {
    console.warn('[catalogue] DATABASE_URL is not set: the home catalogue is built empty and loads in the browser.');
    return [];
  }
  try {
    const { listCourses } = await import('../../../netlify/lib/courses.ts');
    const { closeDb } = await import('../../../netlify/lib/db.ts');
    const courses = await listCourses();
    await closeDb();
    return courses;
  } catch (error) {
    console.warn(`[catalogue] could not read courses at build time (${(error as Error).message}); the catalogue loads in the browser.`);
    return [];
  }
}
