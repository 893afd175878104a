import { useEffect, useState } from 'react';
import { api, errorText } from '../../lib/api.ts';
import { loadWhatsAppSetting, SETTING_AT_FIRST } from './whatsapp-setting.ts';
import { whatsappSettingSchema, type WhatsAppSetting } from '../../shared/whatsapp-settings.ts';
import { WHATSAPP_OPT_IN_HINT, WHATSAPP_OPT_IN_LABEL } from '../../shared/whatsapp-opt-in.ts';
import { Field, FormError, SubmitButton } from '../ui/Field.tsx';
import { toast } from '../ui/Toasts.tsx';
import { useForm } from '../ui/useForm.ts';
import { WhatsAppCodeForm } from './WhatsAppCodeForm.tsx';

/**
 * Settings: the learner's WhatsApp choice (docs/whatsapp.md). On with a number, which gets a code
 * on WhatsApp: nothing else goes to it until the code is typed back here. Off at once (queued
 * messages are cancelled; their emails went already). The server draws it with the choice most
 * learners have (off: the number form), so the section is there from the first paint; the answer
 * replaces that once alive (whatsapp-setting.ts brings a different choice to life at once).
 */
export function WhatsAppSettings({ onExpired }: { onExpired: (error: unknown) => boolean }) {
  const [setting, setSetting] = useState<WhatsAppSetting>(SETTING_AT_FIRST);
  const [stopping, setStopping] = useState(false);
  const form = useForm(whatsappSettingSchema, { optedIn: true, phone: '', language: 'en' });

  useEffect(() => {
    void loadWhatsAppSetting().then((loaded) => loaded && setSetting(loaded));
  }, []);

  const turnOn = form.handleSubmit(async (data) => {
    try {
      const { whatsapp } = await api<{ whatsapp: WhatsAppSetting }>('/user/whatsapp', { method: 'PUT', body: data });
      setSetting(whatsapp);
      if (whatsapp.optedIn) toast.success('WhatsApp updates are on');
      form.reset();
    } catch (error) {
      if (!onExpired(error)) throw error;
    }
  }, 'Your choice could not be saved. Please try again.');

  async function confirm(code: string) {
    try {
      setSetting((await api<{ whatsapp: WhatsAppSetting }>('/user/whatsapp/confirm', { body: { code } })).whatsapp);
      toast.success('WhatsApp updates are on');
    } catch (error) {
      if (!onExpired(error)) throw error;
    }
  }

  async function turnOff() {
    setStopping(true);
    try {
      setSetting((await api<{ whatsapp: WhatsAppSetting }>('/user/whatsapp', { method: 'PUT', body: { optedIn: false } })).whatsapp);
      toast.success('WhatsApp updates are off');
    } catch (error) {
      if (!onExpired(error)) toast.error(errorText(error, 'Your choice could not be saved. Please try again.'));
    } finally {
      setStopping(false);
    }
  }

  if (!setting.available) return null;
  return (
    <section className="card settings-card" aria-labelledby="whatsapp-heading">
      <h2 id="whatsapp-heading">WhatsApp updates</h2>
      {setting.optedIn ? (
        <>
          <p>
            Aspira sends your updates to <strong>{setting.phone}</strong> on WhatsApp, in {setting.language === 'hi' ? 'Hindi' : 'English'},
            and by email as always. You can also reply STOP there.
          </p>
          <button type="button" className="btn btn-secondary" onClick={() => void turnOff()} disabled={stopping}>
            {stopping ? 'Turning off...' : 'Turn off WhatsApp updates'}
          </button>
        </>
      ) : setting.pendingPhone ? (
        <>
          <WhatsAppCodeForm phone={setting.pendingPhone} confirm={confirm} />
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setSetting({ ...setting, pendingPhone: null })}>
            Use another number, or send a new code
          </button>
        </>
      ) : (
        <form {...form.formProps} onSubmit={turnOn} noValidate aria-label="Turn on WhatsApp updates">
          <p className="muted">
            {WHATSAPP_OPT_IN_LABEL}. {WHATSAPP_OPT_IN_HINT} We send a code to the number first, to check it is yours.
          </p>
          <Field label="WhatsApp number" error={form.errors.phone} required>
            <input
              {...form.bind('phone')}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={30}
              placeholder="10-digit mobile number"
            />
          </Field>
          <Field label="Language" error={form.errors.language}>
            <select {...form.bind('language')}>
              <option value="en">English</option>
              <option value="hi">हिन्दी (Hindi)</option>
            </select>
          </Field>
          <FormError message={form.generalError} />
          <SubmitButton submitting={form.submitting} busyLabel="Sending the code...">
            Turn on WhatsApp updates
          </SubmitButton>
        </form>
      )}
    </section>
  );
}
