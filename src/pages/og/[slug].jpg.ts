/**
 * /og/{slug}.jpg: each programme's and course's Open Graph image, drawn at build time
 * (src/components/og/). A course's stored picture is read from the database the catalogue comes from.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { ogPages, type OgPage } from '../../components/og/pages.ts';
import { loadPictures } from '../../components/og/pictures.ts';
import { renderOgImage } from '../../components/og/render.ts';

export const getStaticPaths = (async () => {
  const pages = await ogPages();
  const pictures = await loadPictures(pages.flatMap((page) => (page.pictureUrl ? [page.pictureUrl] : [])));
  return pages.map((page) => ({ params: { slug: page.slug }, props: { page, picture: page.pictureUrl && pictures.get(page.pictureUrl) } }));
}) satisfies GetStaticPaths;

type Props = { page: OgPage; picture?: Uint8Array };

export const GET: APIRoute<Props> = async ({ props }) =>
  new Response(new Uint8Array(await renderOgImage(props.page, props.picture)), { headers: { 'content-type': 'image/jpeg' } });
