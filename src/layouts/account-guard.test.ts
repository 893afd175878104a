import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { INLINE_SCRIPT_HASHES } from '../../netlify/lib/platform/security-headers.ts';
import { ACCOUNT_GUARD, accountGuardHash, ADMIN_MARK, adminMarkHash } from './account-guard.ts';

/** Runs the guard as the head of an account page would, with this display record stored. */
function visit(path: string, record: unknown, guard: boolean, prefetch?: string, image?: string) {
  const html = { dataset: {} as Record<string, string> };
  const replace = vi.fn();
  const define = vi.fn();
  const answer = (url: string) => ({
    ok: true,
    url,
    clone: () => ({ json: async () => ({ course: { image: { url: '/api/v1/images/abc' } } }) }),
  });
  const fetch = vi.fn((url: string, _init?: unknown) => Promise.resolve(answer(url)));
  const window: { __aspiraPrefetch?: Record<string, Promise<{ url: string }>> } = {};
  const links: Record<string, string>[] = [];
  const dataset: Record<string, string> = {
    ...(guard ? { guard: '' } : {}),
    ...(prefetch ? { prefetch } : {}),
    ...(image ? { image } : {}),
  };
  runInNewContext(ACCOUNT_GUARD, {
    window,
    fetch,
    requestAnimationFrame: (then: () => void) => then(),
    setTimeout: (then: () => void) => then(),
    document: {
      documentElement: html,
      currentScript: { dataset },
      createElement: () => ({}) as Record<string, string>,
      head: { append: (link: Record<string, string>) => links.push(link) },
    },
    localStorage: { getItem: (key: string) => (key === 'aspira.user' && record !== undefined ? JSON.stringify(record) : null) },
    location: { pathname: path.split('?')[0], search: path.includes('?') ? `?${path.split('?')[1]}` : '', replace },
    customElements: { define },
    HTMLElement: class {},
    encodeURIComponent,
    JSON,
  });
  return { html: html.dataset, replace, define, fetch, prefetched: window.__aspiraPrefetch, links };
}

const learner = { _id: '1', email: 'asha@example.com', firstName: 'Asha' };

describe('the account pages’ login check, before anything else loads', () => {
  it('sends a visitor without a login to /login, to come back here, and starts no island', () => {
    const { html, replace, define } = visit('/buy/0123456789abcdef01234567?code=WELCOME', undefined, true);
    expect(replace).toHaveBeenCalledWith(`/login?next=${encodeURIComponent('/buy/0123456789abcdef01234567?code=WELCOME')}`);
    expect(define).toHaveBeenCalledWith('astro-island', expect.any(Function));
    expect(html).toEqual({ away: '' });
  });

  it('sends a learner whose email is not confirmed to /verify-email', () => {
    const { replace } = visit('/purchases', { user: { ...learner, emailVerified: false } }, true);
    expect(replace).toHaveBeenCalledWith(`/verify-email?next=${encodeURIComponent('/purchases')}`);
  });

  it('lets a logged-in learner in, marked for the menu (Logout), as a record stored before emailVerified existed', () => {
    for (const user of [learner, { ...learner, emailVerified: true }]) {
      const { html, replace, define } = visit('/purchases', { user }, true);
      expect(replace).not.toHaveBeenCalled();
      expect(define).not.toHaveBeenCalled();
      expect(html).toEqual({ account: '' });
    }
  });

  it('on a page open to everyone only marks a login, and a broken record counts as none', () => {
    expect(visit('/courses', undefined, false)).toMatchObject({ html: {} });
    expect(visit('/courses', { user: learner }, false).html).toEqual({ account: '' });
    expect(visit('/purchases', 'not a record', true).replace).toHaveBeenCalledWith(`/login?next=${encodeURIComponent('/purchases')}`);
    expect(visit('/courses', undefined, false).replace).not.toHaveBeenCalled();
  });

  it('asks the API early for what the page shows: for a learner, or for anyone with ~; never on the way to /login', async () => {
    const path = '/buy/0123456789abcdef01234567/';
    const learnerVisit = visit(path, { user: learner }, true, '/course/{id} /billing');
    expect(learnerVisit.fetch.mock.calls.map(([url]) => url)).toEqual(['/api/v1/course/0123456789abcdef01234567', '/api/v1/billing']);
    expect(learnerVisit.fetch.mock.calls[0]![1]).toEqual({ credentials: 'include', headers: { accept: 'application/json' } });
    expect(await learnerVisit.prefetched!['/billing']).toMatchObject({ url: '/api/v1/billing' });
    expect(visit(path, undefined, true, '/course/{id}').fetch).not.toHaveBeenCalled();
    const guestVisit = visit('/course/0123456789abcdef01234567', undefined, false, '~/course/{id} /user/me');
    expect(guestVisit.fetch.mock.calls.map(([url]) => url)).toEqual(['/api/v1/course/0123456789abcdef01234567']);
  });

  it('fetches the image the screen shows first as soon as the first answer names it', async () => {
    const course = visit('/course/0123456789abcdef01234567', undefined, false, '~/course/{id}', 'course.image.url');
    await new Promise((resolve) => setImmediate(resolve));
    expect(course.links).toEqual([{ rel: 'preload', as: 'image', fetchPriority: 'high', href: '/api/v1/images/abc' }]);
    const noImage = visit('/course/0123456789abcdef01234567', undefined, false, '~/course/{id}', 'course.poster');
    await new Promise((resolve) => setImmediate(resolve));
    expect(noImage.links).toEqual([]);
  });

  it("the guard's hash is in the Content-Security-Policy (else browsers refuse to run it)", () => {
    expect(INLINE_SCRIPT_HASHES).toContain(accountGuardHash());
  });
});

describe("admin screens' head", () => {
  const mark = (record: unknown) => {
    const html = { dataset: {} as Record<string, string> };
    runInNewContext(ADMIN_MARK, {
      document: { documentElement: html },
      localStorage: { getItem: () => (record === undefined ? null : JSON.stringify(record)) },
      JSON,
    });
    return html.dataset;
  };

  it('marks a logged-in admin, an owner and a faculty member, from the display record; nothing without one', () => {
    expect(mark({ admin: { _id: '1', email: 'a@b.co', firstName: 'A', adminRole: 'owner' } })).toEqual({ admin: '', owner: '' });
    expect(mark({ admin: { _id: '1', email: 'a@b.co', firstName: 'A', adminRole: 'counsellor' } })).toEqual({ admin: '' });
    expect(mark({ admin: { _id: '1', email: 'a@b.co', firstName: 'A', adminRole: 'faculty' } })).toEqual({ admin: '', faculty: '' });
    expect(mark({ admin: { _id: '1', email: 'a@b.co', firstName: 'A', adminRole: 'constructor' } })).toEqual({ admin: '' });
    expect(mark({ admin: { _id: '1', email: 'a@b.co', firstName: 'A' } })).toEqual({ admin: '' });
    expect(mark(undefined)).toEqual({});
    expect(mark('broken')).toEqual({});
  });

  it('its hash is in the Content-Security-Policy', () => {
    expect(INLINE_SCRIPT_HASHES).toContain(adminMarkHash());
  });
});
