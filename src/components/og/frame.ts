/** An Open Graph image's frame and what it shows (docs/architecture.md, Images and sharing). */
export type OgPage = {
  /** The image's file name: /og/{slug}.jpg. */
  slug: string;
  /** The page it belongs to, as its canonical path. */
  path: string;
  /** The small line above the title: the programme or the kind of page. */
  eyebrow: string;
  title: string;
  /** The page's own picture (a stored course picture), drawn behind the title. */
  pictureUrl?: string;
};

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;
export const SHARED_OG_IMAGE = '/media/og.jpg';
