/**
 * Templates in code against what the provider approved (npm run whatsapp:templates): each
 * template in each language is approved, or reported missing, pending, paused or rejected. A
 * template that is not approved falls back to email when used (deliver.ts), so this is the list
 * to submit or fix in WhatsApp Manager.
 */
import { TEMPLATE_NAMES, TEMPLATES, submittedText, type TemplateName } from './templates.ts';
import { whatsapp } from './whatsapp/index.ts';

export type TemplateProblem = { name: TemplateName; language: 'en' | 'hi'; category: string; status: string; text: string };

export async function templateProblems(signal = AbortSignal.timeout(15_000)): Promise<TemplateProblem[]> {
  const provider = whatsapp();
  if (!provider) throw new Error('WhatsApp is not configured: set the WHATSAPP_* variables (docs/whatsapp.md)');
  const reported = await provider.listTemplates({ signal });
  const problems: TemplateProblem[] = [];
  for (const name of TEMPLATE_NAMES) {
    for (const language of ['en', 'hi'] as const) {
      const found = reported.find((t) => t.name === name && (t.language === language || t.language.startsWith(`${language}_`)));
      const status = found?.status.toUpperCase() ?? 'MISSING';
      if (status !== 'APPROVED') {
        problems.push({ name, language, category: TEMPLATES[name].category, status, text: submittedText(name, language) });
      }
    }
  }
  return problems;
}
