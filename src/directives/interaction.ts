/**
 * `client:interaction`: an island that waits for the visitor. Its server-rendered HTML is the
 * whole form; its JavaScript (React and the form) loads on the first sign of intent inside it: a
 * pointer over it, a tap, a focus, a key. Until then the page ships no framework code.
 *
 * Nothing done early is lost: what is typed stays in the fields, and the form kit takes it over
 * when the form comes alive (src/islands/ui/useEarlyInput.ts); a submit before then is held by the
 * page's bootstrap and made by the form kit once alive (`data-await`, `data-held`). A press on a
 * button with no action of its own (type=button: Send OTP) before then is held here and made once
 * the island says it is alive: an element in it carries `data-ready` (a form's own, or the form
 * kit's ReadyMark). Astro's island runtime arrives as a file, so a visitor may act before this
 * directive watches: the page's bootstrap marks that intent and holds that press for it
 * (`data-intent`, `data-held`), and it starts with them.
 * docs/architecture.md, "Islands and hydration".
 *
 * A visit with something to show at once starts without waiting: the value names what that is,
 * e.g. `client:interaction="query:email session:aspira.flash"` (an address to fill in from the link,
 * a message the previous page left), `local:<key>` for a saved step (the registration flow).
 * `paint`: a screen that shows data starts by itself once the page's scripts have come after the
 * first paint (src/integrations/after-paint.ts), or at the first intent if that comes sooner; its
 * code never competes with the first paint.
 */
import type { ClientDirective } from 'astro';

const INTENT = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'submit'] as const;

/** Is one of these named: `query:<name>` in the address, `session:<key>` or `local:<key>` in storage? */
function named(tokens: string[]): boolean {
  const query = new URLSearchParams(location.search);
  return tokens.some((token) => {
    const [where, key = ''] = token.split(':');
    try {
      if (where === 'query') return query.has(key);
      if (where === 'session' || where === 'local') return (where === 'session' ? sessionStorage : localStorage).getItem(key) !== null;
    } catch {
      // Storage blocked: nothing saved to show.
    }
    return false;
  });
}

const interaction: ClientDirective = (load, options, el) => {
  let started = false;
  /** The first press on a button with no action of its own made before the island was alive. */
  let held: HTMLButtonElement | null = null;
  const ready = () => el.querySelector('[data-ready]') !== null;

  const hold = (event: Event) => {
    const button = (event.target as Element).closest?.<HTMLButtonElement>('button[type=button]');
    if (!button || ready()) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held ??= button;
    void start();
  };

  /** Done once the island says it is alive: the held press made. */
  const replay = () => {
    if (!ready()) return false;
    el.removeEventListener('click', hold, true);
    if (held && !held.disabled) held.click();
    held = null;
    return true;
  };

  async function start() {
    if (started) return;
    started = true;
    for (const type of INTENT) el.removeEventListener(type, start);
    const hydrate = await load();
    await hydrate();
    if (replay()) return;
    const watch = new MutationObserver(() => replay() && watch.disconnect());
    watch.observe(el, { attributes: true, childList: true, subtree: true, attributeFilter: ['data-ready'] });
  }

  for (const type of INTENT) el.addEventListener(type, start, { once: true, passive: true });
  el.addEventListener('click', hold, true);
  // What the page's bootstrap saw before this island was watched (src/integrations/after-paint.ts).
  el.setAttribute('data-watched', '');
  const early = el.querySelector<HTMLElement>('[data-held]');
  // A held submit stays on its form for the form kit; a held press is made here.
  if (early instanceof HTMLButtonElement) {
    early.removeAttribute('data-held');
    held = early;
  }
  const tokens = typeof options.value === 'string' ? options.value.split(' ') : [];
  if (early || el.hasAttribute('data-intent') || named(tokens)) void start();
  else if (tokens.includes('paint')) {
    // After the page bootstrap has marked <html data-scripts="ready"> (src/integrations/after-paint.ts).
    const html = document.documentElement;
    const painted = () => html.dataset['scripts'] === 'ready' && (void start(), true);
    if (!painted())
      new MutationObserver((_, watch) => painted() && watch.disconnect()).observe(html, { attributeFilter: ['data-scripts'] });
  }
};

export default interaction;

declare module 'astro' {
  interface AstroClientDirectives {
    /** `true`, or what makes a visit start at once (`query:<name>`, `session:<key>`, `local:<key>`) or after the first paint (`paint`), space-separated. */
    'client:interaction'?: boolean | string;
  }
}
