import { useCallback, useEffect, useState } from 'react';
import { api, errorText } from '../../lib/api.ts';
import { personPath, type PersonDto, type TimelineKind } from '../../shared/persons.ts';
import type { WhatsAppPanel } from '../../shared/whatsapp.ts';
import { Toasts, toast } from '../ui/Toasts.tsx';
import { PersonBounces } from './PersonBounces.tsx';
import { PersonMerge } from './PersonMerge.tsx';
import { PersonWhatsApp } from './PersonWhatsApp.tsx';
import { ParentOnly } from './ParentOnly.tsx';
import { PersonFinder, usePersonSearch } from './PersonSearch.tsx';
import { loadPersonPage, type PersonPage } from './person-load.ts';
import { handleSessionEnd, useAdmin } from '../admin/session.ts';
import '../admin/admin.css';
import './Person.css';
import { DocumentReview } from '../documents/DocumentReview.tsx';
import { LoadStatus, ScreenHead, ScrollTable } from '../admin/list-screen.tsx';
import { dateTimeIst } from '../../shared/dates.ts';
import type { PersonBatchAttendance } from '../../shared/classes.ts';
import { PersonBatches } from './PersonBatches.tsx';

const KIND_NAME: Record<TimelineKind, string> = {
  whatsapp: 'WhatsApp',
  callback: 'Callback',
  contact: 'Message',
  scholarship: 'Scholarship',
  pitch: 'Pitch',
  registration: 'Registration',
  'fee-payment': 'Payment',
  checkout: 'Checkout',
  purchase: 'Purchase',
  refund: 'Refund',
  email: 'Email',
  bounce: 'Bounce',
  stage: 'Stage',
  note: 'Note',
  merge: 'Merge',
};

const LEAD_COLUMNS = ['Received', 'Form', 'Programme', 'Stage', 'Source (last touch)', 'First touch'];

const idFromAddress = () => new URLSearchParams(location.search).get('id')?.trim() ?? '';
/** `?lead=contact:12`: the person a lead belongs to (see personPathForLead). */
const leadFromAddress = () => {
  const lead = new URLSearchParams(location.search).get('lead')?.trim() ?? '';
  const at = lead.indexOf(':');
  return at > 0 ? { kind: lead.slice(0, at), id: lead.slice(at + 1) } : null;
};

/**
 * /admin/person?id=...: the human behind the leads: names, emails, phones, every lead and a
 * timeline of everything that happened with them; merge a duplicate in. Without an id: find a
 * person by name, email or phone.
 */
export default function Person() {
  const admin = useAdmin({ announce: true });
  const [id, setId] = useState(idFromAddress);
  const [person, setPerson] = useState<PersonDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [whatsapp, setWhatsapp] = useState<WhatsAppPanel | null>(null);
  const [documents, setDocuments] = useState<PersonPage['documents']>({});

  const load = useCallback((wanted: string, signal: AbortSignal) => {
    setError(null);
    loadPersonPage(wanted, signal)
      .then((page) => {
        if (signal.aborted) return;
        setPerson(page.person);
        setWhatsapp('panel' in page.whatsapp ? page.whatsapp.panel : null);
        setDocuments(page.documents);
        if ('failure' in page.whatsapp && !handleSessionEnd(page.whatsapp.failure))
          toast.error(errorText(page.whatsapp.failure, 'WhatsApp could not be loaded'));
        // A merged id opens the person it joined: the address follows.
        if (page.person.id !== wanted) history.replaceState(null, '', personPath(page.person.id));
      })
      .catch((failure: unknown) => {
        if ((failure as Error).name === 'AbortError') return;
        if (!handleSessionEnd(failure)) setError(errorText(failure, 'Failed to load this person'));
      });
  }, []);

  useEffect(() => {
    const lead = leadFromAddress();
    if (!admin || id || !lead) return;
    api<{ id: string }>(`/admin/persons/lookup?${new URLSearchParams(lead).toString()}`)
      .then((found) => {
        history.replaceState(null, '', personPath(found.id));
        setId(found.id);
      })
      .catch((failure: unknown) => {
        if (!handleSessionEnd(failure)) setError(errorText(failure, 'Failed to find the person of this lead'));
      });
  }, [admin, id]);

  useEffect(() => {
    if (!admin || !id) return;
    const controller = new AbortController();
    setPerson(null);
    load(id, controller.signal);
    return () => controller.abort();
  }, [admin, id, load]);

  if (!admin) return <Toasts />;
  if (!id && leadFromAddress())
    return (
      <>
        <Toasts />
        <h1>Person</h1>
        <p className="admin-status" role={error ? 'alert' : 'status'}>
          {error ?? 'Loading...'}
        </p>
      </>
    );
  if (!id) return <FindPerson onOpen={(found) => (history.pushState(null, '', personPath(found)), setId(found))} />;
  const title = person ? (person.names[0] ?? person.emails[0] ?? `Person #${person.id}`) : 'Person';
  const bounced = new Set(person?.bounces.filter((b) => !b.clearedAt && !b.correctedAt).map((b) => b.address));
  // A child's own email and phone are shown, never offered to tap: the parent is the contact.
  const childLeads = person?.leads.filter((l) => person.parents.some((p) => p.lead.kind === l.kind && p.lead.id === l.id)) ?? [];
  const childEmails = new Set(childLeads.map((l) => l.email?.toLowerCase()));
  const childPhones = new Set(childLeads.map((l) => l.phone));
  return (
    <>
      <Toasts />
      <p className="muted">
        <a href="/admin/leads">Leads</a> / <a href="/admin/person">People</a>
      </p>
      <ScreenHead title={title} badge={person ? <span className="badge">Person #{person.id}</span> : null} />
      <LoadStatus error={error} loaded={!!person} />
      {person ? (
        <>
          {person.requestedId !== person.id ? (
            <p className="admin-status" role="status">
              Person #{person.requestedId} was merged into this person.
            </p>
          ) : null}
          {person.parents.map((parent) => (
            <ParentOnly key={`${parent.lead.kind}:${parent.lead.id}`} minor={parent} />
          ))}
          <section className="card person-card" aria-labelledby="person-contact">
            <h2 id="person-contact">Contact details</h2>
            <dl className="admin-details person-details">
              <dt>Names</dt>
              <dd>{person.names.join(', ') || '-'}</dd>
              <dt>Emails</dt>
              <dd>
                {person.emails.length
                  ? person.emails.map((email) =>
                      childEmails.has(email) ? (
                        <span key={email} className="person-chip person-chip-child">
                          {email} <span className="muted">(the child&apos;s own: do not contact)</span>
                        </span>
                      ) : (
                        <a key={email} href={`mailto:${email}`} className="person-chip">
                          {email}
                          {bounced.has(email) ? <span className="badge badge-danger">bounced</span> : null}
                        </a>
                      ),
                    )
                  : '-'}
              </dd>
              <dt>Phones</dt>
              <dd>
                {person.phones.length
                  ? person.phones.map((phone) =>
                      childPhones.has(phone) ? (
                        <span key={phone} className="person-chip person-chip-child">
                          {phone} <span className="muted">(the child&apos;s own: do not contact)</span>
                        </span>
                      ) : (
                        <a key={phone} href={`tel:${phone.replace(/[^\d+]/g, '')}`} className="person-chip">
                          {phone}
                        </a>
                      ),
                    )
                  : '-'}
              </dd>
              <dt>First seen</dt>
              <dd>{dateTimeIst.format(new Date(person.firstSeen))}</dd>
              <PersonBatches batches={(person as PersonDto & { batches?: PersonBatchAttendance[] }).batches} />
            </dl>
          </section>
          <PersonBounces person={person} onChanged={setPerson} />
          <PersonWhatsApp person={person} initial={whatsapp} onChanged={setPerson} />
          <section className="person-section">
            <h2 id="person-leads">Leads ({person.leads.length})</h2>
            <ScrollTable labelledBy="person-leads" columns={LEAD_COLUMNS} wrapClass="person-scroll" tableClass="person-table">
              {person.leads.map((lead) => (
                <tr key={`${lead.kind}:${lead.id}`}>
                  <td>
                    <time dateTime={lead.createdAt}>{dateTimeIst.format(new Date(lead.createdAt))}</time>
                  </td>
                  <td>
                    {lead.form} <span className="muted">#{lead.id}</span>
                    {lead.kind === 'scholarship' ? (
                      <>
                        <br />
                        <a href={`/admin/codes?application=${lead.id}`}>Issue scholarship code</a>
                      </>
                    ) : null}
                  </td>
                  <td>{lead.programme ?? '-'}</td>
                  <td>{lead.stage ?? '-'}</td>
                  <td>{lead.lastTouch}</td>
                  <td>{lead.firstTouch ?? '-'}</td>
                </tr>
              ))}
            </ScrollTable>
          </section>
          {person.leads
            .filter((lead) => lead.kind === 'registration')
            .map((lead) => (
              <div key={`docs-${lead.id}`} className="person-section docs-person">
                <DocumentReview registrationId={lead.id} initial={documents[lead.id]} />
              </div>
            ))}
          <section aria-labelledby="person-timeline" className="person-section">
            <h2 id="person-timeline">Timeline</h2>
            <ol className="person-timeline">
              {person.timeline.map((entry, i) => (
                <li key={`${entry.at}:${i}`} className={`person-entry person-entry-${entry.kind}`}>
                  <time dateTime={entry.at}>{dateTimeIst.format(new Date(entry.at))}</time>
                  <span className="badge">{KIND_NAME[entry.kind]}</span>
                  <span className="person-entry-title">{entry.title}</span>
                  {entry.detail ? <span className="person-entry-detail">{entry.detail}</span> : null}
                </li>
              ))}
            </ol>
          </section>
          <PersonMerge person={person} onChanged={setPerson} />
        </>
      ) : null}
    </>
  );
}

/** No id in the address: find a person by name, email or phone. */
function FindPerson({ onOpen }: { onOpen: (id: string) => void }) {
  const finder = usePersonSearch();
  return (
    <>
      <Toasts />
      <ScreenHead title="People" />
      <p className="lead">Everyone who left a lead: find a person by name, email or phone to see their timeline.</p>
      <PersonFinder
        finder={finder}
        label="Find a person"
        idPrefix="find"
        action={(p) => (
          <a href={personPath(p.id)} onClick={(e) => (e.preventDefault(), onOpen(p.id))}>
            Open
          </a>
        )}
      />
    </>
  );
}
