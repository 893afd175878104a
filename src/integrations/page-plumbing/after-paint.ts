/**
 * The page bootstrap: page scripts after the first paint, and early input kept until then. Astro ships each component <script> as a module file
 * (`<script type="module" src>`); the browser fetches those at high priority while the page is
 * still arriving, and on a slow phone connection they compete with the HTML and the largest
 * image for the first round trips. None of them draws anything: they wire up menus, search, the
 * contact bar and the catalogue filter. So the build moves them into one inline loader at the end
 * of <body> that imports them once the page has loaded and its first content is on screen (at
 * the latest 3 s after the HTML has arrived), or at once on the visitor's first pointer, key, touch or
 * focus (docs/architecture.md, "Islands and hydration"). A button
 * (type=button: no action of its own) pressed before they arrive is held and pressed once they have;
 * then `<html data-scripts="ready">` says the page is fully alive. From its first moment it also
 * holds the submit of any form that is not alive yet (the form kit's `data-await`: an island, the
 * Contact Us dialog's form), marking it `data-held` for the form kit to make once the form is
 * alive (src/islands/ui/useEarlyInput.ts; what was typed stays in the fields until then); for an
 * island whose directive is not watching yet (Astro's island runtime arrives as a file:
 * ./island-runtime.ts), the first sign of intent in it (`data-intent`) and a press on a button with
 * no action of its own (held: `data-held`), which src/directives/interaction.ts takes over; and
 * notes a campaign or referred landing for src/islands/leads/tracking.ts, which may load only
 * after the visitor has already moved on.
 *
 * The loader's text is fixed (the module list is in its data attribute), so its CSP hash is too;
 * the build computes it with the others from the built pages (./csp.ts).
 */
import { broken } from './contract.ts';
import { importGraph } from './island-preload.ts';

export const AFTER_PAINT_LOADER =
  "(()=>{const d=document,c=d.currentScript.dataset,m=c.modules.split(' '),n=c.later?c.later.split(' '):[];let on=0,held=null;" +
  "try{if(/[?&]utm_/.test(location.search)||d.referrer)sessionStorage.setItem('aspira:landing',JSON.stringify({search:location.search,referrer:d.referrer,at:new Date().toISOString()}))}catch{}" +
  "const isl=t=>t&&t.closest?t.closest('astro-island[client=interaction]:not([data-watched])'):null;" +
  "const early=e=>{const t=e.target;if(e.type==='submit'){if(t.hasAttribute('data-await')){e.preventDefault();t.setAttribute('data-held','')}return}" +
  "const i=isl(t),b=i&&t.closest('button[type=button]');if(b){e.stopImmediatePropagation();b.setAttribute('data-held','');i.setAttribute('data-intent','')}};" +
  "d.addEventListener('submit',early,true);d.addEventListener('click',early,true);" +
  "const mark=e=>{const i=isl(e.target);if(i)i.setAttribute('data-intent','')};" +
  "const hold=e=>{const b=e.target.closest&&e.target.closest('button[type=button]');if(!b)return;e.stopImmediatePropagation();held=held||b};" +
  'const all=u=>Promise.all(u.map(x=>import(x)));' +
  'const idle=()=>new Promise(r=>requestAnimationFrame(()=>requestAnimationFrame(()=>window.requestIdleCallback?requestIdleCallback(()=>r(),{timeout:500}):setTimeout(r,50))));' +
  "const go=()=>{if(on++)return;d.addEventListener('click',hold,true);all(m).then(idle).then(()=>all(n)).then(()=>{" +
  "d.removeEventListener('click',hold,true);d.documentElement.dataset.scripts='ready';if(held)held.click()})};" +
  "for(const e of['pointerover','pointerdown','keydown','touchstart','focusin']){addEventListener(e,go,{once:true,capture:true,passive:true});addEventListener(e,mark,{capture:true,passive:true})}" +
  "let painted=0,loaded=0;const later=()=>{if(painted&&(loaded||'soon' in c))requestAnimationFrame(()=>setTimeout(go))};" +
  "try{new PerformanceObserver((l,o)=>{if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();painted=1;later()}}).observe({type:'paint',buffered:true})}catch{painted=1}" +
  "addEventListener('load',()=>{loaded=1;later()},{once:true});" +
  "addEventListener('DOMContentLoaded',()=>setTimeout(go,3000),{once:true})})()";

const MODULE_SCRIPT = /<script type="module" src="(\/_astro\/[^"]+\.js)"><\/script>/g;
/** Any module script, however Astro writes it: none may be left outside the loader. */
const ANY_MODULE_SCRIPT = /<script\b[^>]*\stype="module"[^>]*>/;
/** A script kept inert for later (src/islands/lazy-script.ts) stays where it is. */
const LAZY_TEMPLATE = /(<template data-lazy="[^"]*">[\s\S]*?<\/template>)/;

/**
 * Moves a page's module scripts into the loader; a page without any is left as it is. A layout
 * wrapping another (AccountLayout, AdminLayout) gets its script after the document's end: it moves
 * too.
 */
export function deferModuleScripts(html: string): string {
  const end = html.lastIndexOf('</body>');
  if (end === -1) return html;
  // Odd parts are lazy templates: neither collected nor removed.
  const parts = html.slice(0, end).split(LAZY_TEMPLATE);
  const tail = html.slice(end);
  const modules = [
    ...parts.flatMap((part, i) => (i % 2 ? [] : [...part.matchAll(MODULE_SCRIPT)].map((m) => m[1]!))),
    ...[...tail.matchAll(MODULE_SCRIPT)].map((m) => m[1]!),
  ];
  const body = parts.map((part, i) => (i % 2 ? part : part.replace(MODULE_SCRIPT, ''))).join('');
  const rest = tail.replace(MODULE_SCRIPT, '');
  assertAllMoved(`${body}${rest}`);
  if (modules.length === 0) return html;
  const loader = `<script data-modules="${[...new Set(modules)].join(' ')}">${AFTER_PAINT_LOADER}</script>`;
  return `${body}${loader}${rest}`;
}

/** A module script left outside the lazy templates is one Astro wrote in a way the loader does not know. */
function assertAllMoved(html: string): void {
  const left = html
    .split(LAZY_TEMPLATE)
    .filter((_, i) => i % 2 === 0)
    .map((part) => part.match(ANY_MODULE_SCRIPT)?.[0])
    .find(Boolean);
  if (left) broken('Component scripts', `A module script is not written as <script type="module" src="/_astro/…js"></script>: ${left}`);
}

/** The layouts' own scripts: the chrome every page shares (header, search, Contact Us, the account menu). */
export const LAYOUT_SCRIPT = /^(BaseLayout|AccountLayout|AdminLayout)\.astro_astro_type_script_/;

/**
 * The loader's module lists with every file those modules import: the loader asks for all of a
 * list at once, instead of the browser learning of a script's imports only when it has arrived (a
 * round trip per level on a slow phone connection). A page with scripts of its own (its content:
 * a list, a course, a summary) gets them first and the layouts' chrome once what they drew has
 * been painted and the browser is idle (`data-later`): the chrome's files never compete with it.
 */
export async function withImports(html: string, assets: string, read?: (file: string) => Promise<string>): Promise<string> {
  const list = html.match(/<script data-modules="([^"]*)">/);
  if (!list) return html;
  const entries = list[1]!.split(' ').map((url) => url.replace(/^\/_astro\//, ''));
  const own = entries.filter((file) => !LAYOUT_SCRIPT.test(file));
  const chrome = entries.filter((file) => LAYOUT_SCRIPT.test(file));
  const url = (files: string[]) => files.map((file) => `/_astro/${file}`).join(' ');
  if (!own.length || !chrome.length)
    return html.replace(list[0], `<script data-modules="${url(await importGraph(entries, assets, read))}">`);
  const first = await importGraph(own, assets, read);
  const later = (await importGraph(chrome, assets, read)).filter((file) => !first.includes(file));
  const soon = /<script[^>]* data-prefetch="/.test(html) ? ' data-soon' : '';
  return html.replace(list[0], `<script data-modules="${url(first)}" data-later="${url(later)}"${soon}>`);
}
