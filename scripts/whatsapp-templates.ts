/**
 * `npm run whatsapp:templates`: the WhatsApp templates in code against what the provider approved
 * (Meta's WhatsApp Manager through WHATSAPP_BUSINESS_ACCOUNT_ID, or the local sandbox). Lists each
 * template and language that is missing, pending, paused or rejected, with the text to submit;
 * exits 1 when any is, 0 when all are approved. A template not approved goes by email instead.
 */
import { openLocalDatabase } from './lib/database.ts';

const database = await openLocalDatabase();
process.env.DATABASE_URL = database.url;
let exitCode = 0;
try {
  const { templateProblems } = await import('../netlify/lib/messaging/index.ts');
  const problems = await templateProblems();
  if (problems.length === 0) console.log('Every WhatsApp template is approved in English and Hindi.');
  for (const p of problems) {
    console.log(`${p.name} (${p.language}, ${p.category}): ${p.status}\n  ${p.text}`);
  }
  exitCode = problems.length ? 1 : 0;
} catch (error) {
  console.error((error as Error).message);
  exitCode = 2;
} finally {
  const { closeDb } = await import('../netlify/lib/platform/index.ts');
  await closeDb();
  await database.stop();
}
process.exit(exitCode);
