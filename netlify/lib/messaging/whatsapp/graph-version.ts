/**
 * Meta retires each Graph API version about two years after its release; a call to a retired
 * version fails. The dates Meta published (developers.facebook.com/docs/graph-api/changelog/versions),
 * so the server can warn at start while there is time to move WHATSAPP_GRAPH_VERSION on.
 */

export const GRAPH_VERSION_RETIREMENTS: Record<string, string> = {
  'v19.0': '2026-05-21',
  'v20.0': '2026-09-24',
  'v21.0': '2027-01-21',
  'v22.0': '2027-05-20',
  'v23.0': '2027-10-08',
  'v24.0': '2028-02-18',
  'v25.0': '2028-07-29',
};

export const WARN_DAYS_BEFORE_RETIREMENT = 60;

/** A warning to log for this version at `now`, or null while it is safe. */
export function graphVersionWarning(version: string, now = new Date()): string | null {
  const retires = GRAPH_VERSION_RETIREMENTS[version];
  if (!retires) {
    return `WhatsApp Graph API ${version} has no known retirement date here: check developers.facebook.com/docs/graph-api/changelog/versions and the table in messaging/whatsapp/graph-version.ts`;
  }
  const days = Math.ceil((new Date(`${retires}T00:00:00Z`).getTime() - now.getTime()) / 86_400_000);
  if (days <= 0) return `WhatsApp Graph API ${version} was retired by Meta on ${retires}: set WHATSAPP_GRAPH_VERSION to a current version`;
  if (days <= WARN_DAYS_BEFORE_RETIREMENT) {
    return `WhatsApp Graph API ${version} is retired by Meta on ${retires} (in ${days} days): set WHATSAPP_GRAPH_VERSION to a current version`;
  }
  return null;
}
