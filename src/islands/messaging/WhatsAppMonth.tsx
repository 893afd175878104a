import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import type { WhatsAppMonth as Month } from '../../shared/whatsapp.ts';
import { useAdminMe } from '../admin/me.ts';
import { ScrollTable } from '../admin/list-screen.tsx';
import './whatsapp-month.css';

const CATEGORY: Record<string, string> = {
  utility: 'Utility templates (billed when delivered)',
  marketing: 'Marketing templates (billed when delivered)',
  authentication: 'Authentication templates: codes (billed when delivered)',
  service: 'Replies in the 24-hour window (free)',
};
const OUTCOMES = ['delivered', 'sent', 'failed'] as const;
const OUTCOME_LABEL = { delivered: 'Delivered or read', sent: 'Sent, not yet delivered', failed: 'Failed (emailed instead)' };

/**
 * The owner's WhatsApp month (docs/whatsapp.md, Costs): messages we sent this month by category
 * (what Meta bills) and outcome, drawn as bars. Owners only; nothing for counsellors.
 */
export function WhatsAppMonth() {
  const owner = useAdminMe()?.adminRole === 'owner';
  const [month, setMonth] = useState<Month | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!owner) return;
    const controller = new AbortController();
    api<Month>('/admin/whatsapp/month', { signal: controller.signal })
      .then(setMonth)
      .catch((error: unknown) => {
        if ((error as Error).name !== 'AbortError') setFailed(true);
      });
    return () => controller.abort();
  }, [owner]);

  if (!owner) return null;
  const categories = [...new Set(month?.rows.map((r) => r.category))];
  const countOf = (category: string, outcome: string) =>
    month?.rows.find((r) => r.category === category && r.outcome === outcome)?.count ?? 0;
  const most = Math.max(1, ...(month?.rows.map((r) => r.count) ?? []));
  return (
    <section className="person-section whatsapp-month">
      <h2 id="whatsapp-month">WhatsApp messages this month{month ? ` (${month.month})` : ''}</h2>
      {failed ? <p role="alert">The WhatsApp month could not be loaded.</p> : null}
      {month && categories.length === 0 ? <p className="muted">No WhatsApp messages sent this month.</p> : null}
      {month && categories.length > 0 ? (
        <ScrollTable
          labelledBy="whatsapp-month"
          columns={['Category', ...OUTCOMES.map((o) => ({ label: OUTCOME_LABEL[o], className: 'num' }))]}
          wrapClass="person-scroll"
          tableClass="person-table whatsapp-month-table"
        >
          {categories.map((category) => (
            <tr key={category}>
              <th scope="row">{CATEGORY[category] ?? category}</th>
              {OUTCOMES.map((outcome) => {
                const n = countOf(category, outcome);
                return (
                  <td key={outcome} className={`num whatsapp-month-cell whatsapp-month-${outcome}`}>
                    {n > 0 ? (
                      <span className="whatsapp-month-bar" aria-hidden="true" style={{ width: `${Math.round((n / most) * 100)}%` }} />
                    ) : null}
                    <span className="whatsapp-month-count">{n}</span>
                  </td>
                );
              })}
            </tr>
          ))}
        </ScrollTable>
      ) : null}
      <p className="muted whatsapp-month-note">
        Meta bills each delivered template by its category; see docs/whatsapp.md for the current India rates.
      </p>
    </section>
  );
}
