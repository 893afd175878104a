/**
 * The pages with an Open Graph image of their own (docs/architecture.md, Images and sharing): every
 * programme page and every /course/{id} the build writes. One list drives both the images
 * (src/pages/og/[slug].jpg.ts) and the pages' meta tags (BaseLayout), so no page names an image
 * the build did not make. Every other page shares /media/og.jpg.
 */
import { getCollection } from 'astro:content';
import { loadCatalogue } from '../catalogue/load.ts';
import type { OgPage } from './frame.ts';

export { OG_HEIGHT, OG_WIDTH, SHARED_OG_IMAGE, type OgPage } from './frame.ts';

let listed: Promise<OgPage[]> | undefined;

/** Read once per build, however many pages ask. */
export function ogPages(): Promise<OgPage[]> {
  listed ??= listPages();
  return listed;
}

async function listPages(): Promise<OgPage[]> {
  const [programmes, landings, catalogue] = await Promise.all([
    getCollection('programmes', (entry) => entry.data.kind === 'programme'),
    getCollection('courses'),
    loadCatalogue(),
  ]);
  const landed = new Set(landings.map((entry) => entry.data.courseId));
  // A landing page's course is in the catalogue too: its stored picture is the page's picture.
  const pictures = new Map((catalogue ?? []).flatMap((course) => (course.image.url ? [[course._id, course.image.url] as const] : [])));
  const picture = (id: string) => {
    const url = pictures.get(id);
    return url ? { pictureUrl: url } : {};
  };
  return [
    ...programmes.map((entry) => ({ slug: entry.id, path: `/${entry.id}`, eyebrow: entry.data.name, title: entry.data.hero.title })),
    ...landings.map((entry) => ({
      slug: `course-${entry.data.courseId}`,
      path: `/course/${entry.data.courseId}`,
      eyebrow: 'AspiraDemy course',
      title: entry.data.title,
      ...picture(entry.data.courseId),
    })),
    ...(catalogue ?? [])
      .filter((course) => !landed.has(course._id))
      .map((course) => ({
        slug: `course-${course._id}`,
        path: `/course/${course._id}`,
        eyebrow: `Aspira course · ${course.duration}`,
        title: course.title,
        ...picture(course._id),
      })),
  ];
}

/** The page's own image, or undefined when it shares the site's. */
export async function ogImageOf(path: string): Promise<string | undefined> {
  const page = (await ogPages()).find((p) => p.path.toLowerCase() === path.replace(/\/+$/, '').toLowerCase());
  return page && `/og/${page.slug}.jpg`;
}
