/**
 * The pages /course/{id} the build writes: every landing page (src/content/courses), then every other
 * course of the catalogue the build read from the database. A landing page wins over the catalogue's
 * course of the same id; a build without the catalogue (local, no database) writes the landing pages only.
 */
import type { CourseDto } from '../../shared/course.ts';

export type LandingPage<E> = { params: { id: string }; props: { entry: E; others: { id: string }[] } };
export type CataloguePage = { params: { id: string }; props: { course: CourseDto } };

export function coursePagePaths<E extends { id: string; data: { courseId: string } }>(
  entries: E[],
  catalogue: CourseDto[] | null,
): (LandingPage<E> | CataloguePage)[] {
  const landing = entries.map((entry) => ({
    params: { id: entry.data.courseId },
    props: { entry, others: entries.filter((other) => other.id !== entry.id).map((other) => ({ id: other.id })) },
  }));
  const landed = new Set(landing.map((page) => page.params.id));
  const courses = (catalogue ?? [])
    .filter((course) => !landed.has(course._id))
    .map((course) => ({ params: { id: course._id }, props: { course } }));
  return [...landing, ...courses];
}
