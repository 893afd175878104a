import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ApiError, errorText } from '../../lib/api.ts';
import { formatPaise } from '../../shared/money.ts';
import { peekEarlyInput } from '../ui/early-input.ts';
import './codes.css';

/** The `?code=` of a shareable link, if any (upper-cased as codes are stored). */
export function codeFromUrl(): string {
  if (typeof location === 'undefined') return '';
  return (new URLSearchParams(location.search).get('code') ?? '').trim().toUpperCase().slice(0, 32);
}

type Props<T> = {
  /** Asks the server for the price with this code; throws ApiError with the reason when refused. */
  check: (code: string) => Promise<T>;
  /** The applied code's preview, or null when removed. */
  onChange: (code: string | null, preview: T | null) => void;
  /** A line under the applied code (its description). */
  describe?: (preview: T) => string;
  disabled?: boolean;
  /** Starts with this code (a shareable link) and applies it at once. */
  initial?: string;
};

/**
 * "Have a code?": type a discount or scholarship code and Apply; the server prices it. An
 * applied code can be removed or changed. Enter in the field applies (never submits the checkout).
 */
export function CodeField<T>({ check, onChange, describe, disabled, initial = '' }: Props<T>) {
  const id = useId();
  const [text, setText] = useState(initial);
  const [applied, setApplied] = useState<{ code: string; preview: T } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const started = useRef(false);
  const input = useRef<HTMLInputElement>(null);

  // A code typed while the form was still plain HTML (a form alive on the first interaction), read as the first render commits.
  useLayoutEffect(() => {
    const early = input.current?.form ? peekEarlyInput(input.current.form)['code'] : undefined;
    if (!initial && typeof early === 'string' && early) setText(early);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the first render commits: what was typed before hydration
  }, []);

  async function apply(value = text) {
    const code = value.trim().toUpperCase();
    if (!code) return setError('Enter a code');
    setBusy(true);
    setError(null);
    try {
      const preview = await check(code);
      setApplied({ code, preview });
      setText(code);
      onChange(code, preview);
    } catch (e) {
      setApplied(null);
      onChange(null, null);
      const message =
        e instanceof ApiError ? (e.fieldErrors()['code'] ?? errorText(e, 'We could not check this code')) : 'We could not check this code';
      setError(message);
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    if (started.current || !initial) return;
    started.current = true;
    void apply(initial);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- applies a code from the address once; apply is made anew each render
  }, [initial]);

  function remove() {
    setApplied(null);
    setText('');
    setError(null);
    onChange(null, null);
  }

  function onKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      void apply();
    }
  }

  if (applied) {
    return (
      <div className="code-field code-applied" role="status">
        <p>
          Code <strong data-field="code">{applied.code}</strong> applied
          {describe && describe(applied.preview) ? <span className="muted"> – {describe(applied.preview)}</span> : null}
        </p>
        <button type="button" className="btn btn-ghost btn-sm" onClick={remove} disabled={disabled}>
          Remove code
        </button>
      </div>
    );
  }
  return (
    <div className="code-field">
      <label htmlFor={id}>Have a code?</label>
      <div className="code-row">
        <input
          ref={input}
          id={id}
          name="code"
          className="input"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          value={text}
          disabled={disabled || busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKey}
        />
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => void apply()}
          disabled={disabled || busy}
          aria-busy={busy || undefined}
        >
          {busy ? 'Checking...' : 'Apply'}
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The price block with a code: list price, "Discount (CODE) −₹…", the total to pay. */
export function CodePrice({
  code,
  listPaise,
  discountPaise,
  totalPaise,
}: {
  code: string;
  listPaise: number;
  discountPaise: number;
  totalPaise: number;
}) {
  return (
    <>
      <div>
        <dt>Price</dt>
        <dd>{formatPaise(listPaise)}</dd>
      </div>
      <div className="code-discount">
        <dt>Discount ({code})</dt>
        <dd>−{formatPaise(discountPaise)}</dd>
      </div>
      <div className="buy-total">
        <dt>Total to pay</dt>
        <dd className="price">{formatPaise(totalPaise)}</dd>
      </div>
    </>
  );
}
