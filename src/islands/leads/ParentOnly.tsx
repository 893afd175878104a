import type { MinorContactDto } from '../../shared/pipeline.ts';
import './parent-only.css';

/**
 * A child's lead (DPDP Act s.9): the first thing the team reads is to contact the parent only,
 * with the parent's email and phone as the links; the child's own details stay plain text.
 */
export function ParentOnly({ minor }: { minor: MinorContactDto }) {
  return (
    <div className="parent-only" data-minor role="note" aria-label="Contact the parent only">
      <p className="parent-only-title">
        <span className="badge badge-danger">Under 18</span> <strong>Contact the parent only</strong>
      </p>
      <p>
        {minor.name} (parent or guardian): <a href={`mailto:${minor.email}`}>{minor.email}</a>,{' '}
        <a href={`tel:${minor.phone.replace(/[^\d+]/g, '')}`}>{minor.phone}</a>
      </p>
      <p className="muted">
        {minor.consent === 'given' ? 'The parent gave consent.' : "Waiting for the parent's consent."} Do not write to or call the child.
      </p>
    </div>
  );
}

/** The lead's own email or phone: a link for an adult's lead; plain text for a child's, and while that is not known yet. */
export function LeadContactValue({ value, href, minor }: { value: string; href: string; minor: MinorContactDto | null | undefined }) {
  if (minor === null) return <a href={href}>{value}</a>;
  return (
    <>
      {value}
      {minor ? <span className="muted"> (the child&apos;s own: do not contact)</span> : null}
    </>
  );
}
