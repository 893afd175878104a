import { lazy, Suspense, useEffect, useState } from 'react';

/**
 * The one Toaster (docs/product.md, Messages): blank/error/custom 4000 ms, success 2000 ms, loading until
 * dismissed; react-hot-toast's own limit of 20 and 1000 ms removal delay match it.
 * Mount it in the page's islands: when two islands of a page mount it, the first one shows it.
 *
 * The library (about 4 KB) is fetched with the first message, not with the page: most visits show
 * none. A message asked for before it has arrived is shown as soon as it has (its store is global,
 * so the Toaster shows what was raised before it mounted).
 */
type HotToast = typeof import('react-hot-toast');
let library: Promise<HotToast> | undefined;
const load = () => (library ??= import('react-hot-toast'));

let wanted = false;
/** Mounted <Toasts /> in mount order: the first one shows the Toaster (two islands on a page, one Toaster). */
const instances = new Set<(on: boolean) => void>();
const refresh = () => {
  let first = true;
  for (const update of instances) {
    update(wanted && first);
    first = false;
  }
};

function show(kind: 'blank' | 'error' | 'success', message: string, id?: string): void {
  wanted = true;
  refresh();
  const options = id ? { id } : {};
  void load().then(({ default: hot }) => (kind === 'blank' ? hot(message, options) : hot[kind](message, options)));
}

/**
 * `toast(message)`, `toast.error(message)`, `toast.success(message)`. With an `id`, a message
 * replaces the one shown under that id instead of stacking beside it (one toast per problem).
 */
export const toast = Object.assign((message: string, id?: string) => show('blank', message, id), {
  error: (message: string, id?: string) => show('error', message, id),
  success: (message: string, id?: string) => show('success', message, id),
});

/** A refused submit, said once (the form's previous one replaced): the first field's own words, shown under it too. */
export function toastFieldProblem(errors: Record<string, string>, id = 'form-problem'): void {
  const first = Object.values(errors)[0];
  if (first) toast.error(first, id);
}

const Toaster = lazy(() =>
  load().then(({ Toaster: HotToaster }) => ({
    default: () => (
      <HotToaster
        position="top-center"
        toastOptions={{
          duration: 4000,
          success: { duration: 2000 },
          error: { duration: 4000 },
          loading: { duration: Infinity },
          style: { font: 'inherit', maxWidth: '28rem' },
          ariaProps: { role: 'status', 'aria-live': 'polite' },
        }}
      />
    ),
  })),
);

export function Toasts() {
  // Nothing in the prebuilt HTML; the Toaster mounts with the page's first message.
  const [on, setOn] = useState(false);
  useEffect(() => {
    instances.add(setOn);
    refresh();
    return () => {
      instances.delete(setOn);
      refresh();
    };
  }, []);
  return on ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
