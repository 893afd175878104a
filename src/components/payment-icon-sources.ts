/** The footer's payment methods in order, each with its icon's SVG text (null: not an SVG file). */
import { getCollection } from 'astro:content';
import type { IconSource } from './payment-icons.ts';

export async function paymentIconSources(read: (path: string) => Promise<string>): Promise<IconSource[]> {
  const methods = (await getCollection('paymentMethods')).sort((a, b) => a.data.order - b.data.order);
  return Promise.all(
    methods.map(async (method) => ({
      id: method.id,
      svg: method.data.icon.endsWith('.svg') ? await read(method.data.icon).catch(() => '') : '',
    })),
  );
}
