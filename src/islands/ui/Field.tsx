import { cloneElement, createContext, isValidElement, useContext, useId, type ReactElement, type ReactNode } from 'react';

/**
 * A form hydrated outside an Astro island (the advisor form) cannot know the id prefix the server
 * render used, so its fields take ids from this base and their names instead of useId().
 */
export const FieldIdBase = createContext<string | null>(null);

type FieldProps = {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  /** The input, select or textarea; it receives id, aria-describedby and required. */
  children: ReactElement<Record<string, unknown>>;
  className?: string;
};

/** A labelled control with its hint and error, wired for screen readers. */
export function Field({ label, error, hint, required, children, className }: FieldProps) {
  const reactId = useId();
  const base = useContext(FieldIdBase);
  const name = isValidElement(children) ? children.props['name'] : undefined;
  const id = base && typeof name === 'string' ? `${base}-${name}` : reactId;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const control = isValidElement(children)
    ? cloneElement(children, {
        id,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
        required: required || undefined,
        className: ['input', children.props['className']].filter(Boolean).join(' '),
      })
    : children;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>
        {label}
        {required ? (
          <span aria-hidden="true" className="field-required">
            {' '}
            *
          </span>
        ) : (
          <span className="field-optional"> (optional)</span>
        )}
      </label>
      {control}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The form's general error line (announced when it appears). */
export function FormError({ message }: { message: string | null }) {
  return message ? (
    <p className="form-error" role="alert">
      {message}
    </p>
  ) : null;
}

export function SubmitButton({
  submitting,
  children,
  busyLabel = 'Sending...',
  disabled,
  className,
}: {
  submitting: boolean;
  children: ReactNode;
  busyLabel?: string;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <button type="submit" className={className ?? 'btn btn-primary'} disabled={submitting || disabled} aria-busy={submitting || undefined}>
      {submitting ? busyLabel : children}
    </button>
  );
}
