import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { readControls, type EarlyInput } from './early-input.ts';

/**
 * The one way a form comes alive (useForm uses it; a form without useForm calls it itself). When
 * the first render commits, in the same task, it reads what the visitor typed, ticked or picked
 * while the form was plain HTML (./early-input.ts, each name as `shape` types it) and gives it to
 * `apply`; updates made there render before any later event is handled, so a keystroke or press
 * that comes next sees them. Then the form is ready: `data-ready` replaces `data-await`, and a
 * submit the page bootstrap held meanwhile (`data-held`, src/integrations/after-paint.ts) is made,
 * once. `formProps` go on the <form>: it posts (never a GET with the fields in the address).
 * `alive` false keeps the form waiting (and a submit held) until what it needs has come: /buy's course.
 */
export function useEarlyInput(
  shape: Record<string, unknown>,
  apply: (values: EarlyInput) => void,
  alive = true,
): {
  formRef: RefObject<HTMLFormElement | null>;
  ready: boolean;
  formProps: { ref: RefObject<HTMLFormElement | null>; method: 'post'; 'data-ready'?: true; 'data-await'?: '' };
} {
  const formRef = useRef<HTMLFormElement>(null);
  const [mounted, setMounted] = useState(false);
  const ready = mounted && alive;
  useLayoutEffect(() => {
    apply(readControls(formRef.current, shape));
    setMounted(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the first render commits: read what was typed before hydration
  }, []);
  useEffect(() => {
    const form = formRef.current;
    if (!ready || !form?.hasAttribute('data-held')) return;
    form.removeAttribute('data-held');
    form.requestSubmit();
  }, [ready]);
  const formProps = ready
    ? { ref: formRef, method: 'post' as const, 'data-ready': true as const }
    : { ref: formRef, method: 'post' as const, 'data-await': '' as const };
  return { formRef, ready, formProps };
}
