/**
 * Field data from this page view (docs/architecture.md, Operations): FCP, LCP, INP and CLS as the
 * browser measured them, and up to three error messages, sent once with navigator.sendBeacon as
 * the page is hidden or left. No cookie (the beacon goes to our own API, which sets none and reads
 * none), no identifier: the path without its query, a device class from the window's width.
 * Loaded on the first input (page-chrome.ts, from BaseLayout's template); the observers are
 * `buffered`, so the paints and the first input before it still count. Errors thrown before it
 * loaded are missed.
 * Only production builds report, and not in a browser driven by a test tool unless the test asks
 * (localStorage `aspira.vitals` = `on`). Hand-written rather than the web-vitals library: a third
 * of its size, and the numbers the budgets need.
 */
type Entry = PerformanceEntry & { value?: number; hadRecentInput?: boolean; interactionId?: number };
type Report = { path: string; device: string; errors?: string[]; FCP?: number; LCP?: number; INP?: number; CLS?: number };

function observe(type: string, each: (entry: Entry) => void, options: Record<string, unknown> = {}): void {
  try {
    new PerformanceObserver((list) => list.getEntries().forEach(each)).observe({ type, buffered: true, ...options });
  } catch {
    // A browser without this entry type measures the others.
  }
}

function start(): void {
  document.documentElement.dataset['vitals'] = 'on'; // what a test waits for before leaving the page
  const width = innerWidth;
  const report: Report = {
    path: location.pathname.slice(0, 100),
    device: width < 600 ? 'phone' : width < 1024 ? 'tablet' : 'desktop',
  };
  const errors = new Set<string>();
  const at = (value: number) => Math.min(Math.round(value), 600_000);
  observe('paint', (e) => {
    if (e.name === 'first-contentful-paint') report.FCP = at(e.startTime);
  });
  observe('largest-contentful-paint', (e) => (report.LCP = at(e.startTime)));
  // CLS: the worst window of shifts less than 1 s apart, at most 5 s long.
  let windowSum = 0;
  let first = 0;
  let last = 0;
  observe('layout-shift', (e) => {
    if (e.hadRecentInput) return;
    if (e.startTime - last > 1000 || e.startTime - first > 5000) [windowSum, first] = [0, e.startTime];
    windowSum += e.value ?? 0;
    last = e.startTime;
    report.CLS = Math.max(report.CLS ?? 0, Math.round(windowSum * 10_000) / 10_000);
  });
  // INP: the slowest interaction (the metric itself for pages with fewer than 50 of them).
  const interaction = (e: Entry) => {
    if (e.interactionId || e.entryType === 'first-input') report.INP = Math.max(report.INP ?? 0, at(e.duration));
  };
  observe('event', interaction, { durationThreshold: 40 });
  observe('first-input', interaction);
  const note = (message: unknown) => {
    if (errors.size < 3 && message) errors.add(String(message).slice(0, 120));
  };
  addEventListener('error', (e) => note(e.message));
  addEventListener('unhandledrejection', (e) => note(e.reason instanceof Error ? e.reason.message : e.reason));

  let sent = false;
  const send = (event: Event) => {
    if (sent || (event.type === 'visibilitychange' && document.visibilityState !== 'hidden')) return;
    sent = true;
    if (errors.size) report.errors = [...errors];
    navigator.sendBeacon('/api/v1/vitals', new Blob([JSON.stringify(report)], { type: 'application/json' }));
  };
  addEventListener('visibilitychange', send, true);
  addEventListener('pagehide', send, true);
}

const asked = (() => {
  try {
    return localStorage.getItem('aspira.vitals') === 'on';
  } catch {
    return false;
  }
})();
if (import.meta.env.PROD && (!navigator.webdriver || asked) && 'PerformanceObserver' in window && 'sendBeacon' in navigator) start();
