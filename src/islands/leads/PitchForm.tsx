import { noticeLanguageOf, SUBMIT_WORDS } from '../../shared/consent-words.ts';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { api } from '../../lib/api.ts';
import { countWords, HONEYPOT, IDEA_WORD_GUIDE, INDUSTRIES, pitchSchema, PITCH_STAGES } from '../../shared/leads.ts';
import { Field, FormError, SubmitButton } from '../ui/Field.tsx';
import { WhatsAppOptIn } from '../ui/WhatsAppOptIn.tsx';
import { AgeAndNotice, guardianCheck } from '../ui/AgeAndNotice.tsx';
import { UNDER_AGE_EMPTY } from '../../shared/minors.ts';
import { Toasts, toastFieldProblem } from '../ui/Toasts.tsx';
import { useForm } from '../ui/useForm.ts';
import { Honeypot, LEAD_ACTION, toastSendError, useTracking, withTracking } from './parts.tsx';
import '../ui/form-parts.css';

const EMPTY = {
  Name: '',
  Number: '',
  email: '',
  location: '',
  linkedin: '',
  startupName: '',
  website: '',
  stage: '',
  comments: '',
  industries: [] as string[],
  otherIndustry: '',
  startupIdea: '',
  problem: '',
  audience: '',
  uvp: '',
  funding: '',
  usage: '',
  equity: '',
  team: '',
  vision: '',
  pitchDeckLink: '',
  demoLink: '',
  heardFrom: '',
  additionalComments: '',
  [HONEYPOT]: '',
  whatsapp: false,
  ...UNDER_AGE_EMPTY,
};

/** The "Other" box, one of the industries boxes: it shows the Other industry field. */
const OTHER = 'Other';

/** The AspiraTank pitch (docs/product.md, Entities). Success goes to /thank-you. */
export default function PitchForm() {
  const [other, setOther] = useState(false);
  // The stage starts empty ("Select stage"); the schema refuses it until one is chosen.
  const form = useForm(pitchSchema, EMPTY as never, { check: guardianCheck });
  useTracking();
  // Other is not an industry of the list (the form kit leaves its box out): ticked before the form was alive, it shows its field.
  const otherBox = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (otherBox.current?.checked) setOther(true);
  }, []);
  const { bind, errors, values } = form;
  const industries = (values.industries as string[] | undefined) ?? [];
  const words = countWords(String(values.startupIdea ?? ''));

  // From the current list, not this render's: a tick can land before a render of the early choices.
  const toggle = (industry: string, on: boolean) =>
    form.setField('industries', (current: string[] = []) =>
      on ? [...current.filter((i) => i !== industry), industry] : current.filter((i) => i !== industry),
    );

  const submit = form.handleSubmit(
    async (data) => {
      try {
        await api<{ message: string }>('/user/tank', { body: withTracking({ ...data, otherIndustry: other ? data.otherIndustry : '' }) });
        location.assign('/thank-you');
      } catch (error) {
        toastSendError(error, 'Submission failed');
        throw error;
      }
    },
    'Submission failed',
    toastFieldProblem,
  );

  const text = (name: string, label: string, required: boolean, max: number, extra: Record<string, unknown> = {}) => (
    <Field label={label} error={errors[name]} required={required}>
      <input {...bind(name)} type="text" maxLength={max} {...extra} />
    </Field>
  );
  const area = (name: string, label: string, required: boolean, max: number, hint?: ReactNode) => (
    <Field label={label} error={errors[name]} required={required} hint={hint} className="lead-wide">
      <textarea {...bind(name)} rows={4} maxLength={max} />
    </Field>
  );
  const url = (name: string, label: string, required: boolean, placeholder: string) => (
    <Field label={label} error={errors[name]} required={required}>
      <input {...bind(name)} type="url" inputMode="url" maxLength={500} placeholder={placeholder} />
    </Field>
  );

  return (
    <>
      <Toasts />
      <form {...form.formProps} action={LEAD_ACTION.pitch} className="lead-form" noValidate onSubmit={submit} aria-label="AspiraTank pitch">
        <FormError message={form.generalError} />
        <div className="lead-grid">
          {text('Name', 'Founder Name', true, 100, { autoComplete: 'name' })}
          <Field label="Number" error={errors.Number} required hint="A 10-digit mobile number, or + and the country code">
            <input {...bind('Number')} type="tel" inputMode="tel" autoComplete="tel" maxLength={30} />
          </Field>
          <Field label="Email" error={errors.email} required>
            <input {...bind('email')} type="email" autoComplete="email" maxLength={254} />
          </Field>
          {text('location', 'Location', true, 120, { autoComplete: 'address-level2' })}
          {url('linkedin', 'LinkedIn', false, 'https://www.linkedin.com/in/...')}
          {text('startupName', 'Startup Name', true, 120, { autoComplete: 'organization' })}
          {url('website', 'Website', false, 'https://')}
          <Field label="Stage" error={errors.stage} required>
            <select {...bind('stage')}>
              <option value="">Select stage</option>
              {PITCH_STAGES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </Field>
          <fieldset className="lead-choices lead-wide" aria-describedby={errors.industries ? 'industries-error' : undefined}>
            <legend>
              Industries <span className="field-optional">(choose any)</span>
            </legend>
            <div className="lead-choices-list">
              {INDUSTRIES.map((industry) => (
                <label key={industry} className="checkbox">
                  <input
                    type="checkbox"
                    name="industries"
                    value={industry}
                    checked={industries.includes(industry)}
                    onChange={(e) => toggle(industry, e.target.checked)}
                  />
                  {industry}
                </label>
              ))}
              <label className="checkbox">
                <input
                  ref={otherBox}
                  type="checkbox"
                  name="industries"
                  value={OTHER}
                  data-early="skip"
                  checked={other}
                  onChange={(e) => setOther(e.target.checked)}
                />
                Other
              </label>
            </div>
            {errors.industries ? (
              <p id="industries-error" className="field-error" role="alert">
                {errors.industries}
              </p>
            ) : null}
          </fieldset>
          {other ? text('otherIndustry', 'Other industry', false, 100) : null}
          {area(
            'startupIdea',
            'Startup Idea',
            true,
            3000,
            <span className={words > IDEA_WORD_GUIDE ? 'lead-over' : undefined}>
              max {IDEA_WORD_GUIDE} words · {words} {words === 1 ? 'word' : 'words'}
            </span>,
          )}
          {area('problem', 'Problem', true, 2000)}
          {area('audience', 'Target Audience', true, 2000)}
          {area('uvp', 'Unique Value Proposition', true, 2000)}
          {text('funding', 'Funding', false, 500, { placeholder: 'Raised so far, or what you are looking for' })}
          {text('equity', 'Equity', false, 200, { placeholder: 'Equity you would offer, if any' })}
          {area('usage', 'Usage of Mentorship / Investment', true, 2000)}
          {area('team', 'Team', true, 2000)}
          {area('vision', 'Vision', true, 2000)}
          {url('pitchDeckLink', 'Pitch Deck Link', true, 'https://')}
          {url('demoLink', 'Demo Link', false, 'https://')}
          {text('heardFrom', 'How did you hear about us?', false, 200)}
          {area('comments', 'Comments', true, 2000)}
          {area('additionalComments', 'Additional Comments', false, 2000)}
        </div>
        <Honeypot value={String(values[HONEYPOT] ?? '')} onChange={(v) => form.setField(HONEYPOT, v)} />
        <WhatsAppOptIn
          language={noticeLanguageOf(form.values)}
          id="pitch-form-whatsapp"
          child={form.values.under18 === true}
          value={form.values.whatsapp}
          onChange={(v) => form.setField('whatsapp', v)}
        />
        <AgeAndNotice form={form} />
        <SubmitButton submitting={form.submitting}>{SUBMIT_WORDS.pitch[noticeLanguageOf(form.values)]}</SubmitButton>
      </form>
    </>
  );
}
