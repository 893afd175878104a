import { useEffect } from 'react';
import { takeFlash } from '../../lib/flash.ts';
import { toast } from './Toasts.tsx';

/** Shows, once, the message the previous screen left with `setFlash`. */
export function useFlash(): void {
  useEffect(() => {
    const flash = takeFlash();
    if (flash) toast[flash.kind](flash.message);
  }, []);
}
