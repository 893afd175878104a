import { optInTicked, WHATSAPP_OPT_IN_HINT, WHATSAPP_OPT_IN_LABEL } from '../../shared/whatsapp-opt-in.ts';
import './whatsapp-opt-in.css';

/**
 * The separate, unticked choice to get updates on WhatsApp (docs/whatsapp.md): its own consent,
 * apart from the privacy notice; a form adds this one line and the `whatsappOptIn` schema fragment.
 */
export function WhatsAppOptIn({
  value,
  onChange,
  id,
  child = false,
}: {
  value: unknown;
  onChange: (checked: boolean) => void;
  id: string;
  /** Under 18: no messages go to a child (DPDP Act s.9), so the choice is not offered. */
  child?: boolean;
}) {
  if (child) return null;
  return (
    <div className="whatsapp-opt-in">
      <input id={id} name="whatsapp" type="checkbox" checked={optInTicked(value)} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>
        {WHATSAPP_OPT_IN_LABEL}
        <span className="whatsapp-opt-in-hint">{WHATSAPP_OPT_IN_HINT}</span>
      </label>
    </div>
  );
}
