/**
 * Course pictures in more than one width (docs/architecture.md, Images and sharing): the images function
 * answers `/{width}` after a picture's address with the stored picture resized, so a phone is not
 * sent the widest one.
 * No Node or DOM imports: the pages, their scripts and the server share these rules.
 */

/** The widths a picture is offered in; the widest is the stored picture itself (no `/{width}`). */
export const IMAGE_WIDTHS = [480, 800, 1200] as const;

/** The widths the images function makes on request; any other `w` is refused. */
export const RESIZED_WIDTHS = IMAGE_WIDTHS.slice(0, -1) as readonly number[];

/** How wide a course picture is drawn: a card of the /courses grid or the home catalogue. */
export const CARD_IMAGE_SIZES = '(max-width: 600px) calc(100vw - 2rem), 400px';
/** ... and the picture of a course's own page. */
export const PAGE_IMAGE_SIZES = '(max-width: 800px) calc(100vw - 2rem), 800px';

const STORED_IMAGE = /^\/api\/v1\/images\/[0-9a-f]{64}$/;

/** The `srcset` of a stored course picture; undefined for any other address (drawn as it is). */
export function imageSrcset(url: string): string | undefined {
  if (!STORED_IMAGE.test(url)) return undefined;
  return IMAGE_WIDTHS.map((width, i) => `${i === IMAGE_WIDTHS.length - 1 ? url : `${url}/${width}`} ${width}w`).join(', ');
}
