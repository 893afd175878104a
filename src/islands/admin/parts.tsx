/** Pieces every admin list screen shares: its loading/error line and its filter buttons. */

/** "Loading..." until the first answer, or the error; nothing once loaded. */
export function LoadStatus({ error, loaded }: { error: string | null | undefined; loaded: boolean }) {
  if (error) {
    return (
      <p className="admin-status" role="alert">
        {error}
      </p>
    );
  }
  if (loaded) return null;
  return (
    <p className="admin-status" role="status">
      Loading...
    </p>
  );
}

/** Apply (the form's submit) and Clear (back to no filter). */
export function FilterActions({ onClear }: { onClear: () => void }) {
  return (
    <div className="admin-actions">
      <button type="submit" className="btn btn-primary">
        Apply
      </button>
      <button type="button" className="btn btn-ghost" onClick={onClear}>
        Clear
      </button>
    </div>
  );
}
