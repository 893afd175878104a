/**
 * Loads a script a page keeps inert in `<template data-lazy="name">` (its component renders the
 * script there), once, when it is first needed. Loading it by URL, rather than by a dynamic
 * import() in the page's own script, keeps the bundler's preload helper (about 0.8 KB) out of
 * every page's first load.
 */
export function loadLazyScript(name: string): void {
  const template = document.querySelector<HTMLTemplateElement>(`template[data-lazy="${name}"]`);
  const src = template?.content.querySelector('script')?.getAttribute('src');
  if (!template || !src || template.dataset.loaded !== undefined) return;
  template.dataset.loaded = '';
  void import(/* @vite-ignore */ src);
}
