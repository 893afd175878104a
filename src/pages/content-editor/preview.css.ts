/** The site's CSS for the content editor's preview (src/content-editor/preview-styles.ts). */
import type { APIRoute } from 'astro';
import { previewCss } from '../../content-editor/preview-styles.ts';

export const GET: APIRoute = () => new Response(previewCss(), { headers: { 'content-type': 'text/css; charset=utf-8' } });
