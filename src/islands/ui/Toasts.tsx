import { Toaster } from 'react-hot-toast';

/**
 * The one Toaster (docs/product.md, Messages): blank/error/custom 4000 ms, success 2000 ms, loading until
 * dismissed; react-hot-toast's own limit of 20 and 1000 ms removal delay match it.
 * Mount it once per page, inside the page's form island.
 */
export function Toasts() {
  return (
    <Toaster
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
  );
}
export { default as toast } from 'react-hot-toast';
