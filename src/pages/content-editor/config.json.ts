/** The content editor's configuration, made from the content schemas at build time (src/content-editor/config.ts). */
import type { APIRoute } from 'astro';
import { editorConfig, repositoryOf } from '../../content-editor/config.ts';

export const GET: APIRoute = () =>
  new Response(JSON.stringify(editorConfig({ repo: repositoryOf(process.env.REPOSITORY_URL) })), {
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
