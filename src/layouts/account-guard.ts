/**
 * The first thing an account page runs, inline at the top of <head> (AccountLayout): it reads the
 * browser's display record (src/lib/session.ts) and
 * - marks a logged-in visitor on <html data-account>, so the account menu shows Logout at the first
 *   paint (no script needed for it);
 * - on a page that needs a login (`data-guard`), sends a visitor without a record to /login, and a
 *   learner whose email is not confirmed to /verify-email, each to come back here (?next=), before
 *   anything else loads: no island starts (the page's `astro-island` element is defined as an inert
 *   one before Astro's own can be) and nothing is painted (`html[data-away]`).
 * The same rules as src/islands/accounts/guard.ts requireLogin(), which the islands still apply.
 *
 * Its text is fixed (the page's choice is in its data attribute), so its CSP hash is too:
 * ACCOUNT_GUARD_HASH in netlify/lib/platform/security-headers.ts and netlify.toml, checked by a test.
 */
import { createHash } from 'node:crypto';

export const ACCOUNT_GUARD =
  "(()=>{const h=document.documentElement,g='guard' in document.currentScript.dataset;let u=null;" +
  "try{u=JSON.parse(localStorage.getItem('aspira.user')).user}catch{}" +
  "if(u)h.dataset.account='';const to=!g?'':!u?'/login':u.emailVerified===false?'/verify-email':'';if(!to)return;" +
  "h.dataset.away='';customElements.define('astro-island',class extends HTMLElement{});" +
  "location.replace(to+'?next='+encodeURIComponent(location.pathname+location.search))})()";

export const accountGuardHash = (): string => `sha256-${createHash('sha256').update(ACCOUNT_GUARD).digest('base64')}`;
