import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { splitTouches, TOUCH_KEYS as SHARED_TOUCH_KEYS, trackingSchema, UTM_KEYS as SHARED_UTM_KEYS } from '../../shared/tracking.ts';
import {
  captureTracking,
  FIRST_TOUCH_KEY,
  LAST_TOUCH_KEY,
  PENDING_LANDING_KEY,
  readTouches,
  readTracking,
  TOUCH_KEYS,
  UTM_KEYS,
} from './tracking.ts';

/** A Storage in memory, like the browser's. */
class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, String(value));
  }
}

const ORIGIN = 'https://aspira.example';
let local: MemoryStorage;
let session: MemoryStorage;

/** One page view: the address and the referring page the browser reports. */
function visit(path: string, referrer = '', at = '2026-03-01T10:00:00.000Z') {
  vi.stubGlobal('location', new URL(path, ORIGIN));
  vi.stubGlobal('document', { referrer });
  captureTracking(new Date(at));
}

/** A new tab or a new visit: sessionStorage starts empty, localStorage stays. */
function newVisit() {
  session = new MemoryStorage();
  vi.stubGlobal('sessionStorage', session);
}

beforeEach(() => {
  local = new MemoryStorage();
  vi.stubGlobal('localStorage', local);
  newVisit();
});
afterEach(() => vi.unstubAllGlobals());

/** A page view whose scripts never ran: only the bootstrap's note of the landing is left. */
function leftBeforeScripts(path: string, referrer = '', at = '2026-03-01T09:00:00.000Z') {
  const url = new URL(path, ORIGIN);
  session.setItem(PENDING_LANDING_KEY, JSON.stringify({ search: url.search, referrer, at }));
}

describe('browser tracking: first and last touch', () => {
  it('uses the same keys as the shared schema', () => {
    expect(UTM_KEYS).toEqual(SHARED_UTM_KEYS);
    expect(TOUCH_KEYS).toEqual(SHARED_TOUCH_KEYS);
  });

  it('keeps the first landing forever and this visit’s campaign as the last touch', () => {
    visit('/?utm_source=google&utm_medium=cpc&utm_campaign=diwali', 'https://www.google.com/', '2026-03-01T10:00:00.000Z');
    visit('/programs/aspiradmit', `${ORIGIN}/`, '2026-03-01T10:05:00.000Z');
    expect(readTracking()).toEqual({
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'diwali',
      referrer: 'https://www.google.com/',
    });

    newVisit();
    visit('/?utm_source=newsletter&utm_medium=email', '', '2026-03-09T08:00:00.000Z');
    expect(readTouches()).toEqual({
      utm_source: 'newsletter',
      utm_medium: 'email',
      last_touch_at: '2026-03-09T08:00:00.000Z',
      first_utm_source: 'google',
      first_utm_medium: 'cpc',
      first_utm_campaign: 'diwali',
      first_referrer: 'https://www.google.com/',
      first_touch_at: '2026-03-01T10:00:00.000Z',
    });
  });

  it('records a direct first visit (time only) and sends no last touch for a direct visit', () => {
    visit('/courses', '', '2026-03-02T09:00:00.000Z');
    expect(JSON.parse(local.getItem(FIRST_TOUCH_KEY)!)).toEqual({ at: '2026-03-02T09:00:00.000Z' });
    expect(session.getItem(LAST_TOUCH_KEY)).toBeNull();
    expect(readTouches()).toEqual({ first_touch_at: '2026-03-02T09:00:00.000Z' });
    // A campaign later does not rewrite the first touch.
    visit('/?utm_source=instagram', '', '2026-03-03T09:00:00.000Z');
    expect(readTouches()).toEqual({
      utm_source: 'instagram',
      last_touch_at: '2026-03-03T09:00:00.000Z',
      first_touch_at: '2026-03-02T09:00:00.000Z',
    });
  });

  it('replaces the whole last touch on a new outside referral (no campaign carried over)', () => {
    visit('/?utm_source=google&utm_campaign=diwali', '', '2026-03-01T10:00:00.000Z');
    visit('/scholarship', 'https://www.bing.com/search?q=aspira', '2026-03-01T11:00:00.000Z');
    expect(readTracking()).toEqual({ referrer: 'https://www.bing.com/search?q=aspira' });
    expect(readTouches().last_touch_at).toBe('2026-03-01T11:00:00.000Z');
  });

  it('keeps the time of a landing seen again (reload, form hydration) and ignores our own pages as referrers', () => {
    visit('/?utm_source=fb', '', '2026-03-01T10:00:00.000Z');
    visit('/?utm_source=fb', '', '2026-03-01T10:30:00.000Z');
    visit('/contactus', `${ORIGIN}/?utm_source=fb`, '2026-03-01T10:40:00.000Z');
    expect(readTouches()).toMatchObject({ utm_source: 'fb', last_touch_at: '2026-03-01T10:00:00.000Z' });
  });

  it('caps values, ignores non-web referrers and survives blocked or corrupt storage', () => {
    visit(`/?utm_source=${'x'.repeat(300)}`, 'android-app://com.google.android.gm/');
    expect(readTracking()).toEqual({ utm_source: 'x'.repeat(200) });
    session.setItem(LAST_TOUCH_KEY, '{not json');
    expect(readTracking()).toEqual({});
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    });
    expect(() => visit('/?utm_source=a')).not.toThrow();
    expect(readTracking()).toEqual({});
  });

  it('what the browser sends is what the shared schema keeps', () => {
    visit('/?utm_source=google&utm_term=mba%20france', 'https://www.google.com/', '2026-03-01T10:00:00.000Z');
    const sent = readTouches();
    expect(trackingSchema.parse(sent)).toEqual(sent);
    expect(splitTouches(sent)).toEqual({
      first: { utm_source: 'google', utm_term: 'mba france', referrer: 'https://www.google.com/', at: '2026-03-01T10:00:00.000Z' },
      last: { utm_source: 'google', utm_term: 'mba france', referrer: 'https://www.google.com/', at: '2026-03-01T10:00:00.000Z' },
    });
  });
});

describe('shared tracking schema', () => {
  it('drops bad values instead of refusing the lead, and ignores other fields', () => {
    const parsed = trackingSchema.parse({
      utm_source: 'a\r\nb',
      utm_medium: 'm'.repeat(201),
      referrer: 'javascript:alert(1)',
      first_referrer: 'https://t.co/x',
      first_touch_at: '2099-01-01T00:00:00Z',
      last_touch_at: 'yesterday',
      amount: 1,
    });
    expect(parsed).toEqual({ first_referrer: 'https://t.co/x' });
    expect(splitTouches({ first_referrer: 'https://t.co/x' })).toEqual({ first: { referrer: 'https://t.co/x' }, last: null });
    expect(splitTouches({})).toEqual({ first: null, last: null });
  });
});

describe('a landing left before the page scripts ran', () => {
  it('is recorded by the next page, at its own time, before that page', () => {
    leftBeforeScripts('/?utm_source=newsletter&utm_medium=email&utm_campaign=autumn');
    visit('/contactus', '', '2026-03-01T09:00:05.000Z');
    const first = JSON.parse(local.getItem(FIRST_TOUCH_KEY)!);
    expect(first).toEqual({ utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'autumn', at: '2026-03-01T09:00:00.000Z' });
    expect(readTracking()).toEqual({ utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'autumn' });
    expect(session.getItem(PENDING_LANDING_KEY)).toBeNull();
  });

  it('a malformed note is ignored', () => {
    session.setItem(PENDING_LANDING_KEY, '{"search":1}');
    visit('/about');
    expect(JSON.parse(local.getItem(FIRST_TOUCH_KEY)!)).toEqual({ at: '2026-03-01T10:00:00.000Z' });
  });
});
