/**
 * The site's CSS for the content editor's preview (src/content-editor/preview.ts): the global
 * styles and the styles of the components the preview draws. Astro scopes a component's <style> to
 * its markup; in the preview frame, which holds nothing else, they apply as they are.
 */
import type { APIRoute } from 'astro';
import global from '../../styles/global.css?raw';

const components = import.meta.glob(['../../components/{Faq,CourseCards}.astro', '../../components/sections/*.astro'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

const styles = Object.values(components).flatMap((source) => [...source.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]));

/** The editor's own preview of the other collections (one block per field) gets some room at the sides. */
const editorPreview = 'body > section[data-key-path] { padding: 0.25rem 1rem; }';

export const GET: APIRoute = () =>
  new Response([global, ...styles, editorPreview].join('\n'), { headers: { 'content-type': 'text/css; charset=utf-8' } });
