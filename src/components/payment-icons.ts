/**
 * The footer's payment icons as one file: a column of the SVG icons with a `<view>` per method, so
 * each `<img src="/payments/icons.svg#upi">` shows its own and the browser asks for one file, not
 * six (on a short page they load with it: src/pages/payments/icons.svg.ts). The icons stay
 * separate files in public/payments for the content editor; the build stacks them.
 */
const ROOT_SVG = /^\s*(?:<\?xml[^>]*>\s*)?<svg\b([^>]*)>([\s\S]*)<\/svg>\s*$/;
const attribute = (attrs: string, name: string) => attrs.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];

export type IconSource = { id: string; svg: string };

/** The view id of a method: its id, kept to the characters an XML id and a URL fragment share. */
export const viewId = (id: string): string => id.toLowerCase().replace(/[^a-z0-9-]/g, '-');

/** The sprite, or null when an icon is not an SVG this can stack (then the footer keeps the files). */
export function paymentSprite(icons: IconSource[], width = 66, height = 42): string | null {
  const parts: string[] = [];
  for (const [i, { id, svg }] of icons.entries()) {
    const root = svg.match(ROOT_SVG);
    if (!root) return null;
    const attrs = root[1]!;
    const box = attribute(attrs, 'viewBox') ?? `0 0 ${attribute(attrs, 'width') ?? width} ${attribute(attrs, 'height') ?? height}`;
    const view = viewId(id);
    // Ids inside an icon (a gradient, a clip) are made its own, so two icons never share one.
    const inner = root[2]!.replace(/\bid="([^"]+)"/g, `id="${view}-$1"`).replace(/(url\(#|href="#)([^)"]+)/g, `$1${view}-$2`);
    const y = i * height;
    parts.push(
      `<view id="${view}" viewBox="0 ${y} ${width} ${height}"/>`,
      `<svg x="0" y="${y}" width="${width}" height="${height}" viewBox="${box}">${inner}</svg>`,
    );
  }
  const total = icons.length * height;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${total}">${parts.join('')}</svg>`;
}
