/** Small build-time helpers over the content collections (used by pages and components). */
import { getCollection, getEntry } from 'astro:content';
export { formatMoney, type Money } from '../shared/money.ts';

export async function getSite() {
  const entry = await getEntry('site', 'site');
  if (!entry) throw new Error('src/content/site.yaml is missing');
  return entry.data;
}

export async function getProgrammes() {
  const all = await getCollection('programmes');
  return all.sort((a, b) => a.data.order - b.data.order);
}

export async function getCourses() {
  return getCollection('courses');
}

export async function getFaq(id: string) {
  const entry = await getEntry('faqs', id);
  if (!entry) throw new Error(`src/content/faqs/${id}.yaml is missing`);
  return entry.data;
}

export async function getPage(id: string) {
  const entry = await getEntry('pages', id);
  if (!entry) throw new Error(`src/content/pages/${id}.yaml is missing`);
  return entry.data;
}
