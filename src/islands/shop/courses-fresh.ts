/**
 * /courses is prebuilt, and its list comes alive on the visitor's first interaction. Once the page
 * has painted, this asks the API for the catalogue; when it has changed since the build (a course
 * added or edited before the site was rebuilt), the list comes alive at once and shows the
 * current one (CourseList.tsx refreshes when it mounts).
 */
import { catalogueSignature } from '../../components/catalogue/shared.ts';
import { api } from '../../lib/api.ts';
import type { CourseDto } from '../../shared/course.ts';

export function keepCoursesFresh(): void {
  const root = document.querySelector<HTMLElement>('[data-courses]');
  const island = root?.querySelector('astro-island[ssr]');
  if (!root || !island) return;
  api<{ courses: CourseDto[] }>('/course/courses')
    .then(({ courses }) => {
      // The island's directive starts on a pointer over it (src/directives/interaction.ts).
      if (catalogueSignature(courses) !== root.dataset['courses']) island.dispatchEvent(new Event('pointerover'));
    })
    .catch(() => {});
}
