import type { Config } from '@netlify/functions';
import { courseIdSchema } from '../../src/shared/catalogue.ts';
import { createCourse, deleteCourse, readCourseForm, updateCourse, triggerSiteRebuild } from '../lib/catalogue/index.ts';
import { requireOwner } from '../lib/auth/index.ts';
import { json, parseWith, routes } from '../lib/platform/index.ts';

/** Admin course writes (owners only): create, update, delete (multipart uploads re-encoded with sharp). */
export default routes({
  'POST /api/v1/course/create': async ({ request }) => {
    await requireOwner(request);
    const { form, image } = await readCourseForm(request, { imageRequired: true });
    const course = await createCourse(form, image!);
    await triggerSiteRebuild(`created ${course._id}`);
    return json({ message: 'Course created successfully', course }, { status: 201 });
  },

  'PUT /api/v1/course/update/:id': async ({ request, params }) => {
    await requireOwner(request);
    const id = parseWith(courseIdSchema, params.id);
    const { form, image } = await readCourseForm(request, { imageRequired: false });
    const course = await updateCourse(id, form, image);
    await triggerSiteRebuild(`updated ${id}`);
    return json({ message: 'Course updated successfully', course });
  },

  'DELETE /api/v1/course/delete/:id': async ({ request, params }) => {
    await requireOwner(request);
    const id = parseWith(courseIdSchema, params.id);
    const { archived } = await deleteCourse(id);
    await triggerSiteRebuild(`deleted ${id}`);
    return json({ message: 'Course deleted successfully', archived });
  },
});

export const config: Config = {
  path: ['/api/v1/course/create', '/api/v1/course/update/:id', '/api/v1/course/delete/:id'],
  // Writes only: a GET of /api/v1/course/create belongs to the catalogue (as any ":id" does).
  method: ['POST', 'PUT', 'DELETE'],
};
