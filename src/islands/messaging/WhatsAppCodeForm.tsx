import { whatsappCodeSchema } from '../../shared/whatsapp-settings.ts';
import { Field, FormError, SubmitButton } from '../ui/Field.tsx';
import { useForm } from '../ui/useForm.ts';

/**
 * The code sent over WhatsApp, typed back (settings and the emailed link's page): `confirm` sends
 * it to the API; a wrong or expired one shows under the field.
 */
export function WhatsAppCodeForm({ phone, confirm }: { phone: string; confirm: (code: string) => Promise<void> }) {
  const form = useForm(whatsappCodeSchema, { code: '' });
  const submit = form.handleSubmit(async ({ code }) => {
    await confirm(code);
    form.reset();
  }, 'The code could not be checked. Please try again.');
  return (
    <form onSubmit={submit} noValidate aria-label="Confirm the WhatsApp number">
      <p>
        We sent a 6-digit code on WhatsApp to <strong>{phone}</strong>. Type it here to confirm the number is yours.
      </p>
      <Field label="Code from WhatsApp" error={form.errors.code} required>
        <input {...form.bind('code')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} pattern="[0-9]*" />
      </Field>
      <FormError message={form.generalError} />
      <SubmitButton submitting={form.submitting} busyLabel="Checking...">
        Confirm
      </SubmitButton>
    </form>
  );
}
