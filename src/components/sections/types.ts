/** The section blocks of src/content (see `section` in src/content.config.ts), one type per block. */
import type { CollectionEntry } from 'astro:content';

export type Section = CollectionEntry<'programmes'>['data']['sections'][number];
export type Block<T extends Section['type']> = Extract<Section, { type: T }>;
