/** "5 min", "3 h", "2 days": how long ago (or, for a future time, how long until). */
export function since(iso: string, now = Date.now()): string {
  const minutes = Math.round(Math.abs(now - new Date(iso).getTime()) / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.round(hours / 24)} days`;
}

/** An ISO time as a datetime-local value in India time ("2026-11-25T10:30"). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const ist = new Date(new Date(iso).getTime() + 5.5 * 3600_000);
  return ist.toISOString().slice(0, 16);
}
