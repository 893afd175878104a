/**
 * What the person page shows, asked for together so the page appears whole: the person, their
 * WhatsApp box (asked at the same time) and the documents of each registration (asked as soon as
 * the person says which registrations they have). A box that arrived after the person would push
 * the leads and the timeline down while the counsellor reads them.
 */
import { api } from '../../lib/api.ts';
import type { RegistrationDocumentsDto } from '../../shared/documents.ts';
import type { PersonDto } from '../../shared/persons.ts';
import type { WhatsAppPanel } from '../../shared/whatsapp.ts';

export type PersonPage = {
  person: PersonDto;
  /** The WhatsApp box, or why it could not be loaded (the page shows the rest). */
  whatsapp: { panel: WhatsAppPanel } | { failure: unknown };
  /** By registration id; a registration missing here loads its documents in its own box. */
  documents: Record<string, RegistrationDocumentsDto>;
};

export async function loadPersonPage(id: string, signal?: AbortSignal): Promise<PersonPage> {
  const init = signal ? { signal } : {};
  const path = `/admin/persons/${encodeURIComponent(id)}`;
  // Settled at once, so a failure is never an unhandled rejection when the person fails first.
  const whatsapp = api<{ whatsapp: WhatsAppPanel }>(`${path}/whatsapp`, init).then(
    (answer) => ({ panel: answer.whatsapp }),
    (failure: unknown) => ({ failure }),
  );
  const { person } = await api<{ person: PersonDto }>(path, init);
  const registrations = person.leads.filter((lead) => lead.kind === 'registration').map((lead) => lead.id);
  const documents = await Promise.all(
    registrations.map((registrationId) =>
      api<RegistrationDocumentsDto>(`/admin/registrations/${encodeURIComponent(registrationId)}/documents`, init).then(
        (answer) => [registrationId, answer] as const,
        () => null,
      ),
    ),
  );
  return {
    person,
    whatsapp: await whatsapp,
    documents: Object.fromEntries(documents.filter((entry) => entry !== null)),
  };
}
