import type { Config } from '@netlify/functions';
import { courseIdSchema } from '../../src/shared/course.ts';
import { createCourse, deleteCourse, readCourseForm, updateCourse } from '../lib/admin-courses.ts';
import { requireAdmin } from '../lib/auth/session.ts';
import { triggerSiteRebuild } from '../lib/build-hook.ts';
import { getCourse, listCourses } from '../lib/courses.ts';
import { HttpError, json, parseWith, routes } from '../lib/http.ts';

/** Browsers revalidate every time (admins' edits show at once); the CDN may serve 30 s old lists. */
const CATALOGUE_CACHE = {
  'cache-control': 'public, max-age=0, must-revalidate',
  'netlify-cdn-cache-control': 'public, s-maxage=30, stale-while-revalidate=120',
};

export default routes({
  'GET /api/v1/course/courses': async () => json({ courses: await listCourses() }, { headers: CATALOGUE_CACHE }),

  'GET /api/v1/course/:id': async ({ params }) => {
    const id = parseWith(courseIdSchema, params.id);
    const course = await getCourse(id);
    if (!course) throw new HttpError(404, 'Course not found');
    return json({ course }, { headers: CATALOGUE_CACHE });
  },

  'POST /api/v1/course/create': async ({ request }) => {
    await requireAdmin(request);
    const { form, image } = await readCourseForm(request, { imageRequired: true });
    const course = await createCourse(form, image!);
    await triggerSiteRebuild(`created ${course._id}`);
    return json({ message: 'Course created successfully', course }, { status: 201 });
  },

  'PUT /api/v1/course/update/:id': async ({ request, params }) => {
    await requireAdmin(request);
    const id = parseWith(courseIdSchema, params.id);
    const { form, image } = await readCourseForm(request, { imageRequired: false });
    const course = await updateCourse(id, form, image);
    await triggerSiteRebuild(`updated ${id}`);
    return json({ message: 'Course updated successfully', course });
  },

  'DELETE /api/v1/course/delete/:id': async ({ request, params }) => {
    await requireAdmin(request);
    const id = parseWith(courseIdSchema, params.id);
    const { archived } = await deleteCourse(id);
    await triggerSiteRebuild(`deleted ${id}`);
    return json({ message: 'Course deleted successfully', archived });
  },
});

export const config: Config = {
  path: ['/api/v1/course/courses', '/api/v1/course/:id', '/api/v1/course/create', '/api/v1/course/update/:id', '/api/v1/course/delete/:id'],
};
