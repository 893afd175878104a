/**
 * `client:interaction`: an island that waits for the visitor. Its server-rendered HTML is the
 * whole form; its JavaScript (React and the form) loads on the first sign of intent inside it: a
 * pointer over it, a tap, a focus, a key. Until then the page ships no framework code.
 *
 * Nothing typed early is lost: early-input.ts records keystrokes until the form is alive, and a
 * submit, or a press on a button with no action of its own (type=button: Send OTP), before then is
 * held and replayed once the form says it is ready (`data-ready`).
 * docs/architecture.md, "Islands and hydration".
 *
 * A visit with something to show at once starts without waiting: the value names what that is,
 * e.g. `client:interaction="query:email session:aspira.flash"` (an address to fill in from the link,
 * a message the previous page left), `local:<key>` for a saved step (the registration flow).
 * `paint`: a screen that shows data starts by itself once the page has loaded and its first
 * content is painted (as page scripts do, src/integrations/after-paint.ts), or at the first intent
 * if that comes sooner; its code never competes with the first paint.
 */
import type { ClientDirective } from 'astro';

const INTENT = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/** True when the address has one of the `query:` names, or storage one of the `session:`/`local:` keys. */
function startsAtOnce(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const query = new URLSearchParams(location.search);
  return value.split(' ').some((token) => {
    const [where, key] = token.split(':');
    try {
      if (!key) return false;
      if (where === 'query') return query.has(key);
      if (where === 'session') return sessionStorage.getItem(key) !== null;
      if (where === 'local') return localStorage.getItem(key) !== null;
    } catch {
      // Storage blocked: nothing saved to show.
    }
    return false;
  });
}

const interaction: ClientDirective = (load, options, el) => {
  let started = false;
  let heldSubmit: HTMLFormElement | null = null;
  let heldButton: HTMLButtonElement | null = null;
  const ready = () => el.querySelector('[data-ready]') !== null;

  const holdSubmit = (event: Event) => {
    const form = event.target as HTMLFormElement;
    if (form.hasAttribute('data-ready')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    heldSubmit = form;
    void start();
  };

  /** A button with no action of its own (Send OTP, Show password's label aside) pressed too early. */
  const holdButton = (event: Event) => {
    const button = (event.target as Element).closest?.('button[type=button]');
    if (!button || ready()) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    heldButton ??= button as HTMLButtonElement;
  };

  const replayWhenReady = () => {
    if (!heldSubmit && !heldButton) return;
    const replay = () => {
      if (heldSubmit && heldSubmit.isConnected && heldSubmit.hasAttribute('data-ready')) {
        const form = heldSubmit;
        heldSubmit = null;
        form.requestSubmit();
      }
      if (heldButton && ready()) {
        const button = heldButton;
        heldButton = null;
        if (button.isConnected && !button.disabled) button.click();
      }
      return !heldSubmit && !heldButton;
    };
    if (replay()) return;
    const watch = new MutationObserver(() => replay() && watch.disconnect());
    watch.observe(el, { attributes: true, subtree: true, attributeFilter: ['data-ready'] });
  };

  async function start() {
    if (started) return;
    started = true;
    for (const type of INTENT) el.removeEventListener(type, start);
    const hydrate = await load();
    await hydrate();
    el.removeEventListener('submit', holdSubmit, true);
    el.removeEventListener('click', holdButton, true);
    replayWhenReady();
  }

  for (const type of INTENT) el.addEventListener(type, start, { once: true, passive: true });
  el.addEventListener('submit', holdSubmit, true);
  el.addEventListener('click', holdButton, true);
  if (startsAtOnce(options.value)) void start();
  else if (typeof options.value === 'string' && options.value.split(' ').includes('paint')) afterPaint(() => void start());
};

/** Calls `then` once the page has loaded and painted its first content. */
function afterPaint(then: () => void): void {
  let painted = false;
  let loaded = document.readyState === 'complete';
  const go = () => painted && loaded && setTimeout(then);
  try {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      painted = true;
      go();
    }).observe({ type: 'paint', buffered: true });
  } catch {
    painted = true;
  }
  if (!loaded) addEventListener('load', () => ((loaded = true), go()), { once: true });
  go();
}

export default interaction;

declare module 'astro' {
  interface AstroClientDirectives {
    /** `true`, or what makes a visit start at once (`query:<name>`, `session:<key>`, `local:<key>`) or after the first paint (`paint`), space-separated. */
    'client:interaction'?: boolean | string;
  }
}
