/**
 * The content editor in the browser: Sveltia CMS from the pinned npm package, bundled by the build
 * with its fonts (their stylesheet is the page's, fonts.ts), so the page loads nothing from another
 * origin. Before it starts: the build's own check of a whole entry before each save, and the
 * previews that look like the site.
 */
import './zod-jitless.ts';
import CMS from '@sveltia/cms';
import { EDITOR_PATH } from './config.ts';
import { entryProblems } from './entry-check.ts';
import { faqSet, page } from './preview.ts';

type Immutable = { get(key: string): Immutable & string; getIn(path: string[]): Immutable | undefined; toJS(): Record<string, unknown> };
type PreviewProps = { entry: Immutable; fieldsMetaData?: Immutable };

/** "groups.0.items.1.question" keys (how Sveltia hands over a referenced entry) back into objects and lists. */
function unflatten(flat: Record<string, unknown>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(flat)) {
    const keys = path.split('.');
    let node = root as Record<string, unknown>;
    keys.forEach((key, i) => {
      if (i === keys.length - 1) node[key] = value;
      else node = (node[key] ??= /^\d+$/.test(keys[i + 1]!) ? [] : {}) as Record<string, unknown>;
    });
  }
  return root;
}

const lookupIn = (metaData: Immutable | undefined) => (path: string, collection: string, name: string) => {
  const flat = metaData?.getIn([path, collection, name])?.toJS();
  return flat ? unflatten(flat) : undefined;
};

const pagePreview = ({ entry, fieldsMetaData }: PreviewProps) => page(entry.get('data').toJS(), lookupIn(fieldsMetaData));
const faqPreview = ({ entry }: PreviewProps) => faqSet(entry.get('slug'), entry.get('data').toJS());

CMS.registerPreviewStyle(`${EDITOR_PATH}/preview.css`);
CMS.registerPreviewTemplate('programmes', pagePreview as never);
CMS.registerPreviewTemplate('pages', pagePreview as never);
CMS.registerPreviewTemplate('faqs', faqPreview as never);

// A thrown "saving_failed" is how Sveltia CMS shows its cause to the editor, in its error dialog.
CMS.registerEventListener({
  name: 'preSave',
  handler: ({ entry }: { entry: Immutable }) => {
    const problems = entryProblems(entry.get('collection'), entry.get('data').toJS());
    if (problems.length)
      throw new Error('saving_failed', { cause: new Error(`This would not pass the site's check:\n${problems.join('\n')}`) });
  },
} as never);

await CMS.init();
