/**
 * The pages a person uses, beyond the marketing pages (docs/architecture.md, Budgets): where a
 * visitor registers, buys and manages an account (phone profile), and the admin screens (desktop
 * profile). Each is visited as who uses it, in its real state: an account page logged in with
 * something in it, never as the redirect to /login.
 */
import type { People, Visitor } from './bench-people.ts';

export type PageSet = 'marketing' | 'learner' | 'admin';
export type BenchPage = { path: string; set: PageSet; as: Visitor };

export function learnerPages(people: People): BenchPage[] {
  const page = (path: string, as: Visitor = 'guest'): BenchPage => ({ path, set: 'learner', as });
  return [
    page('/information'),
    page('/courses'),
    page(`/course/${people.newCourseId}`),
    page(`/buy/${people.buyCourseId}`, 'learner'),
    page('/purchases', 'learner'),
    page('/learn', 'learner'),
    page('/applications', 'learner'),
    page('/instalments', 'learner'),
    page('/settings', 'learner'),
    page('/login'),
    page('/signup'),
    page('/verify-email', 'unconfirmed'),
    page('/forgot-password'),
    page(`/reset-password?token=${people.resetToken}`),
    page(people.successPath),
  ];
}

/** Every admin screen: the guest ones (login, signup, recovery) logged out, the rest as an owner. */
export function adminPages(people: People): BenchPage[] {
  const guest = ['/admin/login', '/admin/signup', '/admin/forgot-password', '/admin/reset-password', '/admin/verify-email'];
  const owner = [
    '/admin/dashboard',
    '/admin/queue',
    '/admin/leads',
    people.personId ? `/admin/person?id=${people.personId}` : '/admin/person',
    '/admin/insights',
    '/admin/dues',
    '/admin/our-courses',
    '/admin/create-course',
    `/admin/update-course/${people.newCourseId}`,
    '/admin/money',
    '/admin/codes',
    '/admin/plans',
    '/admin/privacy',
    '/admin/team',
    '/admin/audit',
    '/admin/batches',
    `/admin/batch?id=${people.batchId}`,
  ];
  return [
    ...guest.map((path): BenchPage => ({ path, set: 'admin', as: 'guest' })),
    ...owner.map((path): BenchPage => ({ path, set: 'admin', as: 'admin' })),
  ];
}
