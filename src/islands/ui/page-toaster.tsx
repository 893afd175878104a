import { createRoot } from 'react-dom/client';
import { toast, Toasts } from './Toasts.tsx';

let mounted = false;

/** Mounts the one Toaster in a root of its own (once) and shows the message. */
export function showToast(kind: 'error' | 'success', message: string): void {
  if (!mounted) {
    mounted = true;
    const host = document.createElement('div');
    document.body.append(host);
    createRoot(host).render(<Toasts />);
  }
  toast[kind](message);
}
