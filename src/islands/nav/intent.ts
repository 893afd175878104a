/**
 * Menu intent ("safe triangle"): a pointer on its way from a category (or a menu trigger) to the
 * panel it opened often crosses neighbouring categories. While the pointer is moving into the open
 * panel, those crossings do not switch; if the pointer rests on a neighbour, it switches after a
 * short delay. A deliberate hover (not heading into the panel) switches at once. Mouse only:
 * touch and keyboard never go through here.
 */
type Point = { x: number; y: number };

/** How long a pointer may rest on a crossed item before it counts as chosen. */
export const INTENT_DELAY = 250;
/** Slack around the panel's edge, so a path along the edge still counts as heading in. */
const TOLERANCE = 16;

const trail: Point[] = [];
let tracking = false;

/** Records the last few pointer positions (once per page). */
export function trackPointer(): void {
  if (tracking) return;
  tracking = true;
  document.addEventListener(
    'pointermove',
    (event) => {
      if (event.pointerType !== 'mouse') return;
      trail.push({ x: event.clientX, y: event.clientY });
      if (trail.length > 4) trail.shift();
    },
    { passive: true, capture: true },
  );
}

function sign(p: Point, a: Point, b: Point): number {
  return (p.x - b.x) * (a.y - b.y) - (a.x - b.x) * (p.y - b.y);
}

/** Whether p lies inside the triangle abc (edges included). */
export function inTriangle(p: Point, a: Point, b: Point, c: Point): boolean {
  const d1 = sign(p, a, b);
  const d2 = sign(p, b, c);
  const d3 = sign(p, c, a);
  const negative = d1 < 0 || d2 < 0 || d3 < 0;
  const positive = d1 > 0 || d2 > 0 || d3 > 0;
  return !(negative && positive);
}

type Rect = { left: number; top: number; right: number; bottom: number };

/**
 * Whether a move from `from` to `to` heads into `rect`: `to` lies between `from` and the edges of
 * the rectangle (widened by the tolerance) that face `from`.
 */
export function headingInto(from: Point, to: Point, rect: Rect): boolean {
  if (from.x === to.x && from.y === to.y) return false;
  const r = { left: rect.left - TOLERANCE, top: rect.top - TOLERANCE, right: rect.right + TOLERANCE, bottom: rect.bottom + TOLERANCE };
  if (to.x >= r.left && to.x <= r.right && to.y >= r.top && to.y <= r.bottom) return true;
  // The hull of `from` and the box: a triangle to each edge that faces `from` (one or two edges).
  const tl = { x: r.left, y: r.top };
  const tr = { x: r.right, y: r.top };
  const bl = { x: r.left, y: r.bottom };
  const br = { x: r.right, y: r.bottom };
  const faces: [Point, Point][] = [];
  if (from.x < r.left) faces.push([tl, bl]);
  if (from.x > r.right) faces.push([tr, br]);
  if (from.y < r.top) faces.push([tl, tr]);
  if (from.y > r.bottom) faces.push([bl, br]);
  return faces.some(([a, b]) => inTriangle(to, from, a, b));
}

/** Whether the pointer's latest move heads into this element's box. */
export function pointerHeadingInto(element: Element | null): boolean {
  if (!element || trail.length < 2) return false;
  const to = trail[trail.length - 1]!;
  // The oldest recorded point: a longer baseline is steadier than the last pixel of movement.
  const from = trail[0]!;
  return headingInto(from, to, element.getBoundingClientRect());
}

/**
 * Runs `choose` now if the pointer is not heading into `panel`, else after INTENT_DELAY if the
 * pointer then still rests on `item`. Returns a cancel function.
 */
export function withIntent(item: Element, panel: Element | null, choose: () => void): () => void {
  if (!pointerHeadingInto(panel)) {
    choose();
    return () => {};
  }
  const timer = window.setTimeout(() => {
    if (item.matches(':hover')) choose();
  }, INTENT_DELAY);
  return () => window.clearTimeout(timer);
}
