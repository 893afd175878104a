/**
 * Building a little DOM in a page script (a screen that only shows data needs no framework):
 * `el('p', { class: 'muted' }, 'text', child)`. Text is always set as text, never parsed as HTML.
 */
type Child = Node | string | null | undefined | false;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === true) node.setAttribute(name, '');
    else if (typeof value === 'string') node.setAttribute(name, value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}
