import { useCallback, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../lib/api.ts';
import '../../lib/zod-csp.ts';
import { useEarlyInput } from './useEarlyInput.ts';

type Values = Record<string, unknown>;

/** A shared schema (zod/mini, or zod where a screen still uses it): its own `safeParse`. */
type Schema = z.core.$ZodType & {
  safeParse(
    value: unknown,
  ): { success: true; data: unknown } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
};
type Input<S extends Schema> = z.input<S>;
type Output<S extends Schema> = z.output<S>;

/**
 * The browser's check of a form: the schema's answer, or the first message of each field (what
 * the form shows under that field).
 */
export function checkForm<S extends Schema>(
  schema: S,
  values: unknown,
): { success: true; data: Output<S> } | { success: false; errors: Record<string, string> } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { success: true, data: parsed.data as Output<S> };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in errors)) errors[key] = issue.message;
  }
  return { success: false, errors };
}

/**
 * The form pattern of the site: values in state, the SAME schema as the API checks them on
 * submit, errors per field (from the schema, from `check`, or from the server's "field: message"
 * answers) and a general error line. `onSubmit` gets the parsed data; throwing an ApiError maps it
 * onto fields. `onInvalid` (optional) hears about a submit refused by the schema, `check` or the
 * server's field errors, e.g. to say so in one toast. `formProps` go on the <form>: what was typed
 * before the form came alive is taken over, and a submit made then is made once (useEarlyInput).
 */
export function useForm<S extends Schema>(
  schema: S,
  initial: Input<S> & Values,
  options: {
    /** Field errors the schema cannot see (a child's parent, checked by the server), by field name. */
    check?: (values: Input<S> & Values) => Record<string, string>;
    /** Values kept from before (a reload), under what the visitor typed before the form came alive. */
    restore?: () => Partial<Input<S>>;
  } = {},
) {
  const [values, setValues] = useState<Input<S> & Values>(initial);
  const { formRef, ready, formProps } = useEarlyInput(initial, (early) =>
    setValues((v) => ({ ...v, ...(options.restore?.() ?? {}), ...early })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);

  /** Sets one field, to a value or to a function of its current value, and clears its error. */
  const setField = useCallback((name: string, value: unknown) => {
    setValues((v) => ({ ...v, [name]: typeof value === 'function' ? (value as (current: unknown) => unknown)(v[name]) : value }));
    setErrors((e) => {
      if (!(name in e)) return e;
      const { [name]: _removed, ...rest } = e;
      return rest;
    });
  }, []);

  const reset = useCallback(() => {
    setValues(initial);
    setErrors({});
    setGeneralError(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset goes back to the values the form started with
  }, []);

  /** Props for a text-like input bound to a field. */
  const bind = (name: string) => ({
    name,
    value: (values[name] as string | undefined) ?? '',
    onChange: (event: { target: { value: string } }) => setField(name, event.target.value),
    'aria-invalid': errors[name] ? true : undefined,
  });

  const handleSubmit =
    (
      onSubmit: (data: Output<S>) => Promise<void>,
      fallback = 'Something went wrong. Please try again.',
      onInvalid?: (errors: Record<string, string>) => void,
    ) =>
    async (event?: FormEvent) => {
      event?.preventDefault();
      if (busy.current) return;
      const parsed = checkForm(schema, values);
      const extra = options.check?.(values) ?? {};
      if (!parsed.success || Object.keys(extra).length) {
        const next = { ...extra, ...(parsed.success ? {} : parsed.errors) };
        setErrors(next);
        setGeneralError(null);
        focusFirstError(Object.keys(next));
        onInvalid?.(next);
        return;
      }
      busy.current = true;
      setSubmitting(true);
      setGeneralError(null);
      try {
        await onSubmit(parsed.data);
      } catch (error) {
        if (error instanceof ApiError && !error.noResponse) {
          const fieldMessages = error.fieldErrors();
          setErrors(fieldMessages);
          const general = error.generalErrors();
          setGeneralError(general.length ? general.join(' ') : Object.keys(fieldMessages).length ? null : fallback);
          focusFirstError(Object.keys(fieldMessages));
          if (Object.keys(fieldMessages).length) onInvalid?.(fieldMessages);
        } else {
          setGeneralError(fallback);
        }
      } finally {
        busy.current = false;
        setSubmitting(false);
      }
    };

  return {
    values,
    setValues,
    setField,
    bind,
    errors,
    setErrors,
    generalError,
    setGeneralError,
    submitting,
    handleSubmit,
    reset,
    formRef,
    ready,
    formProps,
  };
}

function focusFirstError(names: string[]): void {
  if (!names.length || typeof document === 'undefined') return;
  requestAnimationFrame(() => {
    const el = document.querySelector<HTMLElement>(names.map((n) => `[name="${CSS.escape(n)}"]`).join(','));
    el?.focus();
  });
}
