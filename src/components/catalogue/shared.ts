/** Catalogue helpers used both at build time and in the browser (no Node or server imports here). */
import type { CourseDto } from '../../shared/course.ts';

/** Same hash in the build and the browser: the script re-renders only when the API answer differs. */
export function catalogueSignature(courses: CourseDto[]): string {
  const text = JSON.stringify(courses.map((c) => [c._id, c.title, c.description, c.price, c.listPrice, c.duration, c.image.url]));
  let h = 5381;
  for (let i = 0; i < text.length; i++) h = ((h << 5) + h + text.charCodeAt(i)) | 0;
  return (h >>> 0).toString(36);
}

/** Filter categories: every distinct description, in catalogue order (docs/product.md, Routes: home). */
export function categoriesOf(courses: CourseDto[]): string[] {
  return [...new Set(courses.map((c) => c.description.trim()))];
}

/** Label for a filter button; the full description is the button's accessible description. */
export function shortLabel(text: string, max = 44): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[,.;:]$/, '')}…`;
}
