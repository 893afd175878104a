import { useCallback, useEffect, useRef, useState } from 'react';
import { api, errorText } from '../../lib/api.ts';
import { dateTimeIst } from '../../shared/dates.ts';
import type { PersonDto } from '../../shared/persons.ts';
import { whatsappTextSchema, type WhatsAppPanel } from '../../shared/whatsapp.ts';
import { Field, FormError, SubmitButton } from '../ui/Field.tsx';
import { toast } from '../ui/Toasts.tsx';
import { useForm } from '../ui/useForm.ts';
import { handleSessionEnd } from '../admin/session.ts';

/** "closes in 3 h 20 min" */
function closesIn(iso: string): string {
  const minutes = Math.max(0, Math.round((new Date(iso).getTime() - Date.now()) / 60_000));
  return minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
}

/**
 * WhatsApp on the person page (docs/whatsapp.md): whether they opted in, and the reply box: the
 * follow-up template any time, free text only while the 24-hour window after their last message
 * is open (the box says when it closes). Owners write to anyone; counsellors to their own leads.
 * `initial`: the box as loaded with the person (person-load.ts; null when it could not be); it is
 * asked again when the person's timeline grows (a message came or went).
 */
export function PersonWhatsApp({
  person,
  initial,
  onChanged,
}: {
  person: PersonDto;
  initial: WhatsAppPanel | null;
  onChanged: (person: PersonDto) => void;
}) {
  const [panel, setPanel] = useState<WhatsAppPanel | null>(initial);
  const loadedFor = useRef(person.timeline.length);
  const [sendingTemplate, setSendingTemplate] = useState(false);
  const form = useForm(whatsappTextSchema, { text: '' });

  const refresh = useCallback(
    async (next?: WhatsAppPanel) => {
      if (next) setPanel(next);
      onChanged((await api<{ person: PersonDto }>(`/admin/persons/${person.id}`)).person);
    },
    [person.id, onChanged],
  );

  useEffect(() => {
    if (loadedFor.current === person.timeline.length) return;
    loadedFor.current = person.timeline.length;
    const controller = new AbortController();
    api<{ whatsapp: WhatsAppPanel }>(`/admin/persons/${person.id}/whatsapp`, { signal: controller.signal })
      .then((answer) => setPanel(answer.whatsapp))
      .catch((failure: unknown) => {
        if ((failure as Error).name !== 'AbortError' && !handleSessionEnd(failure))
          toast.error(errorText(failure, 'WhatsApp could not be loaded'));
      });
    return () => controller.abort();
  }, [person.id, person.timeline.length]);

  const sendText = form.handleSubmit(async (data) => {
    try {
      const answer = await api<{ whatsapp: WhatsAppPanel }>(`/admin/persons/${person.id}/whatsapp`, { body: { kind: 'text', ...data } });
      toast.success('Message sent on WhatsApp');
      form.reset();
      await refresh(answer.whatsapp);
    } catch (failure) {
      if (!handleSessionEnd(failure)) throw failure;
    }
  }, 'The message could not be sent. Please try again.');

  async function sendTemplate() {
    setSendingTemplate(true);
    try {
      const answer = await api<{ whatsapp: WhatsAppPanel }>(`/admin/persons/${person.id}/whatsapp`, { body: { kind: 'template' } });
      toast.success('Follow-up template sent on WhatsApp');
      await refresh(answer.whatsapp);
    } catch (failure) {
      if (!handleSessionEnd(failure)) toast.error(errorText(failure, 'The template could not be sent'));
    } finally {
      setSendingTemplate(false);
    }
  }

  if (!panel) return null;
  return (
    <section className="card person-whatsapp" aria-labelledby="person-whatsapp">
      <h2 id="person-whatsapp">WhatsApp</h2>
      {!panel.available ? (
        <p className="muted">WhatsApp is not connected on this site: messages go by email.</p>
      ) : !panel.optedIn ? (
        <p className="muted">This person has not chosen to get WhatsApp messages. Call or email them instead.</p>
      ) : !panel.canReply ? (
        <p className="muted">Opted in on {panel.phone}. Only the counsellor who owns this person’s lead, or an owner, can write to them.</p>
      ) : (
        <>
          <p>
            Opted in on <strong>{panel.phone}</strong>.{' '}
            {panel.windowClosesAt ? (
              <span className="person-whatsapp-window" data-window="open">
                Free text is open until <time dateTime={panel.windowClosesAt}>{dateTimeIst.format(new Date(panel.windowClosesAt))}</time>{' '}
                (closes in {closesIn(panel.windowClosesAt)}).
              </span>
            ) : (
              <span className="person-whatsapp-window" data-window="closed">
                Free text opens for 24 hours when they write to you; until then, send the follow-up template.
              </span>
            )}
          </p>
          {panel.windowClosesAt ? (
            <form onSubmit={sendText} noValidate className="person-whatsapp-form" aria-label="Reply on WhatsApp">
              <Field label="Message" error={form.errors.text} required>
                <textarea rows={3} maxLength={1000} {...form.bind('text')} />
              </Field>
              <FormError message={form.generalError} />
              <SubmitButton submitting={form.submitting} busyLabel="Sending...">
                Send on WhatsApp
              </SubmitButton>
            </form>
          ) : null}
          <div className="person-whatsapp-actions">
            <button type="button" className="btn btn-secondary btn-sm" disabled={sendingTemplate} onClick={sendTemplate}>
              {sendingTemplate ? 'Sending...' : 'Send the follow-up template'}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
