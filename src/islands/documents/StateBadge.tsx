import { DOCUMENT_STATE_LABELS, type DocumentSlotDto } from '../../shared/documents.ts';

/** Where a document stands; one not sent that the programme does not require is "Optional", not "Missing". */
export function StateBadge({ slot }: { slot: DocumentSlotDto }) {
  const optional = slot.state === 'missing' && !slot.required;
  return (
    <span className={`badge docs-badge docs-badge-${optional ? 'optional' : slot.state}`}>
      {optional ? 'Optional' : DOCUMENT_STATE_LABELS[slot.state]}
    </span>
  );
}
