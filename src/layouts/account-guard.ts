/**
 * The first thing an account page runs, inline at the top of <head> (AccountLayout): it reads the
 * browser's display record (src/lib/session.ts) and
 * - marks a logged-in visitor on <html data-account>, so the account menu shows Logout at the first
 *   paint (no script needed for it);
 * - on a page that needs a login (`data-guard`), sends a visitor without a record to /login, and a
 *   learner whose email is not confirmed to /verify-email, each to come back here (?next=), before
 *   anything else loads: no island starts (the page's `astro-island` element is defined as an inert
 *   one before Astro's own can be) and nothing is painted (`html[data-away]`);
 * - asks the API for what the page's island or script will show once the first frame is painted
 *   (at once when the answer names the screen's image) (`data-prefetch`: paths under /api/v1, `{id}` = the last part of the address; for a
 *   logged-in learner, or anyone when the path starts with `~`), so the answer travels while the
 *   page's code loads; the API client takes it (src/lib/api.ts, `prefetched`) instead of asking
 *   again. With `data-image` (a dotted path in the first answer, e.g. `course.image.url`) the image
 *   the screen will show first is fetched, at high priority, as soon as its address is known.
 * The same rules as src/islands/accounts/guard.ts requireLogin(), which the islands still apply.
 *
 * Its text is fixed (the page's choice is in its data attribute), so its CSP hash is too; the
 * build computes it with the others from the built pages (src/integrations/page-plumbing/csp.ts).
 */
import { createHash } from 'node:crypto';

export const ACCOUNT_GUARD =
  '(()=>{const h=document.documentElement,c=document.currentScript.dataset;let u=null;' +
  "try{u=JSON.parse(localStorage.getItem('aspira.user')).user}catch{}" +
  "if(u)h.dataset.account='';const to=!('guard' in c)?'':!u?'/login':u.emailVerified===false?'/verify-email':'';" +
  "if(to){h.dataset.away='';customElements.define('astro-island',class extends HTMLElement{});" +
  "location.replace(to+'?next='+encodeURIComponent(location.pathname+location.search));return}" +
  "const id=location.pathname.replace(/\\/+$/,'').split('/').pop(),f=window.__aspiraPrefetch={};" +
  'const ask=()=>{let first=1;' +
  "for(const p of(c.prefetch||'').split(' ')){const q=p.replace('~','').replace('{id}',id);" +
  "if(!q||!(u||p[0]==='~'))continue;" +
  "const a=f[q]=fetch('/api/v1'+q,{credentials:'include',headers:{accept:'application/json'}}).catch(()=>null);" +
  'if(first--&&c.image)a.then(r=>r&&r.ok&&r.clone().json()).then(j=>{' +
  "const src=c.image.split('.').reduce((o,k)=>o&&o[k],j);" +
  "if(typeof src==='string'&&src[0]==='/'){const l=document.createElement('link');l.rel='preload';l.as='image';l.fetchPriority='high';l.href=src;document.head.append(l)}}).catch(()=>{})}};" +
  "'image' in c?ask():requestAnimationFrame(()=>setTimeout(ask))})()";

/**
 * Admin screens' head: marks a logged-in admin (`html[data-admin]`, the name and Logout show from
 * the first paint), an owner (`html[data-owner]`, the owners' sections show from the first paint)
 * and a faculty member (`html[data-faculty]`: only Batches) from the display record, so the admin
 * bar does not change once the page has loaded.
 */
export const ADMIN_MARK =
  "(()=>{try{const a=JSON.parse(localStorage.getItem('aspira.admin')).admin,h=document.documentElement;" +
  "if(a){h.dataset.admin='';if(a.adminRole==='owner'||a.adminRole==='faculty')h.dataset[a.adminRole]=''}}catch{}})()";

export const adminMarkHash = (): string => `sha256-${createHash('sha256').update(ADMIN_MARK).digest('base64')}`;

export const accountGuardHash = (): string => `sha256-${createHash('sha256').update(ACCOUNT_GUARD).digest('base64')}`;
