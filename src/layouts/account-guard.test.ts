import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { INLINE_SCRIPT_HASHES } from '../../netlify/lib/platform/security-headers.ts';
import { ACCOUNT_GUARD, accountGuardHash } from './account-guard.ts';

/** Runs the guard as the head of an account page would, with this display record stored. */
function visit(path: string, record: unknown, guard: boolean) {
  const html = { dataset: {} as Record<string, string> };
  const replace = vi.fn();
  const define = vi.fn();
  runInNewContext(ACCOUNT_GUARD, {
    document: { documentElement: html, currentScript: { dataset: guard ? { guard: '' } : {} } },
    localStorage: { getItem: (key: string) => (key === 'aspira.user' && record !== undefined ? JSON.stringify(record) : null) },
    location: { pathname: path.split('?')[0], search: path.includes('?') ? `?${path.split('?')[1]}` : '', replace },
    customElements: { define },
    HTMLElement: class {},
    encodeURIComponent,
    JSON,
  });
  return { html: html.dataset, replace, define };
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

  it("the guard's hash is in the Content-Security-Policy (else browsers refuse to run it)", () => {
    expect(INLINE_SCRIPT_HASHES).toContain(accountGuardHash());
  });
});
