/** Text helpers for cards and lists. No dependencies: islands import this without pulling zod in. */

export const DESCRIPTION_CUT = { list: 100, admin: 200 } as const;

/** "First 100 characters…" without cutting a word in half where it can be helped. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.7 ? cut.slice(0, space) : cut).trimEnd()}...`;
}
