import { useEffect, useState } from 'react';

/**
 * False in the prebuilt HTML, true once the island runs. Controls that only work with the island
 * (submit, search) stay disabled until then, so an early tap on a slow phone never submits the
 * form natively (which would put the password in the address bar).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
