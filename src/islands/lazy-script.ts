/**
 * Loads a script a page keeps inert in `<template data-lazy="name">` (its component renders the
 * script there), once, when it is first needed. Loading it by URL, rather than by a dynamic
 * import() in the page's own script, keeps the bundler's preload helper (about 0.8 KB) out of
 * every page's first load. Answers once the script has run (at once when there is none).
 */
const loading = new Map<string, Promise<unknown>>();

export function loadLazyScript(name: string): Promise<unknown> {
  const template = document.querySelector<HTMLTemplateElement>(`template[data-lazy="${name}"]`);
  const src = template?.content.querySelector('script')?.getAttribute('src');
  if (!template || !src) return Promise.resolve();
  if (!loading.has(name)) {
    template.dataset.loaded = '';
    loading.set(
      name,
      import(/* @vite-ignore */ src).catch(() => undefined),
    );
  }
  return loading.get(name)!;
}
