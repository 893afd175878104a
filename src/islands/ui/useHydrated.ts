import { createElement, useEffect, useState } from 'react';

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

/**
 * The ready mark of an island without a form of its own to carry `data-ready`: once it is alive, a
 * press made before (held by client:interaction, src/directives/interaction.ts) is made again.
 */
export function ReadyMark() {
  return useHydrated() ? createElement('span', { hidden: true, 'data-ready': '' }) : null;
}
