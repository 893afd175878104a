/**
 * `client:interaction`: an island that waits for the visitor. Its server-rendered HTML is the
 * whole form; its JavaScript (React and the form) loads on the first sign of intent inside it: a
 * pointer over it, a tap, a focus, a key. Until then the page ships no framework code.
 *
 * Nothing typed early is lost: early-input.ts records keystrokes until the form is alive, and a
 * submit before then is held and replayed once the form says it is ready (`data-ready`).
 * docs/architecture.md, "Islands and hydration".
 */
import type { ClientDirective } from 'astro';

const INTENT = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

const interaction: ClientDirective = (load, _options, el) => {
  let started = false;
  let heldSubmit: HTMLFormElement | null = null;

  const holdSubmit = (event: Event) => {
    const form = event.target as HTMLFormElement;
    if (form.hasAttribute('data-ready')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    heldSubmit = form;
    void start();
  };

  const replayWhenReady = () => {
    const form = heldSubmit;
    if (!form) return;
    const replay = () => {
      if (!form.isConnected || !form.hasAttribute('data-ready')) return false;
      heldSubmit = null;
      form.requestSubmit();
      return true;
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
    replayWhenReady();
  }

  for (const type of INTENT) el.addEventListener(type, start, { once: true, passive: true });
  el.addEventListener('submit', holdSubmit, true);
};

export default interaction;

declare module 'astro' {
  interface AstroClientDirectives {
    'client:interaction'?: boolean;
  }
}
