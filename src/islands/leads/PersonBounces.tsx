import { useState } from 'react';
import { api, errorText } from '../../lib/api.ts';
import { dateTimeIst } from '../../shared/dates.ts';
import { BOUNCE_REASONS, bounceCorrectionSchema, type EmailBounceDto } from '../../shared/operations.ts';
import type { PersonDto } from '../../shared/persons.ts';
import { Field, FormError, SubmitButton } from '../ui/Field.tsx';
import { toast } from '../ui/Toasts.tsx';
import { useForm } from '../ui/useForm.ts';
import { handleSessionEnd } from '../admin/session.ts';
import { useAdminMe } from '../admin/me.ts';

/**
 * "Email bounced" on the person page: each of the person's addresses that bounced and nobody has
 * handled yet, why, and the counsellor's task: ask the person for the right address and save it
 * (the emails that did not arrive are sent to it). An owner may clear a bounce instead (the
 * mailbox works again).
 */
export function PersonBounces({ person, onChanged }: { person: PersonDto; onChanged: (person: PersonDto) => void }) {
  const open = person.bounces.filter((b) => !b.clearedAt && !b.correctedAt);
  if (open.length === 0) return null;
  return (
    <section className="card person-bounce" aria-labelledby="person-bounce">
      <h2 id="person-bounce">Email bounced</h2>
      {open.map((bounce) => (
        <BounceTask key={bounce.address} person={person} bounce={bounce} onChanged={onChanged} />
      ))}
    </section>
  );
}

function BounceTask({ person, bounce, onChanged }: { person: PersonDto; bounce: EmailBounceDto; onChanged: (p: PersonDto) => void }) {
  const owner = useAdminMe()?.adminRole === 'owner';
  const [clearing, setClearing] = useState(false);
  const form = useForm(bounceCorrectionSchema, { address: bounce.address, correctedTo: '' });
  const { bind, errors, generalError, submitting, handleSubmit } = form;

  const submit = handleSubmit(async (data) => {
    try {
      const answer = await api<{ message: string; person: PersonDto }>(`/admin/persons/${person.id}/bounces`, { body: data });
      toast.success(answer.message);
      onChanged(answer.person);
    } catch (failure) {
      if (!handleSessionEnd(failure)) throw failure;
    }
  }, 'The address could not be saved. Please try again.');

  async function clear() {
    setClearing(true);
    try {
      const answer = await api<{ message: string }>('/admin/operations/bounces/clear', { body: { address: bounce.address } });
      toast.success(answer.message);
      onChanged((await api<{ person: PersonDto }>(`/admin/persons/${person.id}`)).person);
    } catch (failure) {
      if (!handleSessionEnd(failure)) toast.error(errorText(failure, 'The bounce could not be cleared'));
    } finally {
      setClearing(false);
    }
  }

  return (
    <div className="person-bounce-task" data-bounce={bounce.address}>
      <p>
        <strong>{bounce.address}</strong> <span className="badge badge-danger">{BOUNCE_REASONS[bounce.reason]}</span>{' '}
        <span className="muted">
          since <time dateTime={bounce.bouncedAt}>{dateTimeIst.format(new Date(bounce.bouncedAt))}</time>
        </span>
      </p>
      {bounce.detail ? <p className="person-bounce-detail">{bounce.detail}</p> : null}
      <p>Emails to this address are not sent. Ask the person for the right address and save it: the emails that did not arrive go to it.</p>
      <form onSubmit={submit} noValidate className="person-bounce-form" aria-label={`Right address for ${bounce.address}`}>
        <Field label="Right address" error={errors.correctedTo ?? errors.address} required>
          <input type="email" inputMode="email" autoComplete="off" {...bind('correctedTo')} />
        </Field>
        <SubmitButton submitting={submitting} busyLabel="Saving...">
          Save the right address
        </SubmitButton>
      </form>
      <FormError message={generalError} />
      {owner ? (
        bounce.canReactivate ? (
          <button type="button" className="btn btn-ghost btn-sm" disabled={clearing} onClick={clear}>
            {clearing ? 'Clearing...' : 'Clear: the address works again'}
          </button>
        ) : (
          <p className="muted">Marked as spam by the person: only Postmark support can lift this. Ask for another address.</p>
        )
      ) : null}
    </div>
  );
}
