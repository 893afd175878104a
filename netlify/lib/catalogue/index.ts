/**
 * The course catalogue: the public list and course pages (courses.ts), the admin's course
 * editor with images (admin.ts), and the rebuild of the static pages after a change (build-hook.ts).
 */
export * from './admin.ts';
export * from './build-hook.ts';
export * from './courses.ts';
