import type { Config } from '@netlify/functions';
import { courseIdSchema } from '../../src/shared/catalogue.ts';
import { getCourse, listCourses } from '../lib/catalogue/index.ts';
import { HttpError, json, parseWith, routes } from '../lib/platform/index.ts';

/** Browsers revalidate every time (admins' edits show at once); the CDN may serve 30 s old lists. */
const CATALOGUE_CACHE = {
  'cache-control': 'public, max-age=0, must-revalidate',
  'netlify-cdn-cache-control': 'public, s-maxage=30, stale-while-revalidate=120',
};

/** The public catalogue. Admin writes live in courses-admin.mts, so this bundle carries no image codec. */
export default routes({
  'GET /api/v1/course/courses': async () => json({ courses: await listCourses() }, { headers: CATALOGUE_CACHE }),

  'GET /api/v1/course/:id': async ({ params }) => {
    const id = parseWith(courseIdSchema, params.id);
    const course = await getCourse(id);
    if (!course) throw new HttpError(404, 'Course not found');
    return json({ course }, { headers: CATALOGUE_CACHE });
  },
});

export const config: Config = {
  path: ['/api/v1/course/courses', '/api/v1/course/:id'],
  // ":id" also matches /api/v1/course/create: reads only, so the admin's POST reaches courses-admin.
  // (excludedPath would say it too, but Netlify's CLI ignores it when serving built functions.)
  method: 'GET',
};
