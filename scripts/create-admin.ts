/**
 * `npm run create-admin`: makes an admin account from a terminal (the first admin, or any admin
 * without an invite code). Asks for what is missing (the password without echo, twice), or runs
 * non-interactively:
 *
 *   npm run create-admin -- --email a@b.example --first-name Asha --last-name Rao --password '...'
 *   ADMIN_EMAIL=... ADMIN_PASSWORD=... ADMIN_FIRST_NAME=... ADMIN_LAST_NAME=... npm run create-admin
 *
 * (Prefer ADMIN_PASSWORD or the prompt: a --password flag stays in the shell history.)
 * Uses DATABASE_URL, or the embedded database (the running one of `npm start`, else the local files).
 */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import * as z from 'zod/mini';
import { adminSignupSchema } from '../src/shared/account.ts';
import { migrate, openLocalDatabase } from './lib/database.ts';

const adminSchema = z.omit(adminSignupSchema, { inviteCode: true });

const USAGE = `usage: npm run create-admin -- [--email EMAIL] [--first-name NAME] [--last-name NAME] [--password PASSWORD]
  Missing values are asked for (the password without echo). Environment: ADMIN_EMAIL, ADMIN_PASSWORD,
  ADMIN_FIRST_NAME, ADMIN_LAST_NAME. Without a terminal every required value must be given.`;

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

const OPTIONS = {
  email: { type: 'string' },
  password: { type: 'string' },
  'first-name': { type: 'string' },
  'last-name': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function readArgs() {
  try {
    return parseArgs({ options: OPTIONS, strict: true });
  } catch (error) {
    return fail(`${(error as Error).message}\n${USAGE}`, 2);
  }
}
const parsed = readArgs();
if (parsed.values.help) {
  console.log(USAGE);
  process.exit(0);
}

const interactive = Boolean(process.stdin.isTTY && process.stdout.isTTY);
const given = {
  email: parsed.values.email ?? process.env.ADMIN_EMAIL,
  firstName: parsed.values['first-name'] ?? process.env.ADMIN_FIRST_NAME,
  lastName: parsed.values['last-name'] ?? process.env.ADMIN_LAST_NAME,
  password: parsed.values.password ?? process.env.ADMIN_PASSWORD,
};

/** Reads a line without echoing it (raw mode; Ctrl-C aborts). */
function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const stdin = process.stdin;
    process.stdout.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    let value = '';
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\u0003') {
          process.stdout.write('\n');
          process.exit(130);
        } else if (ch === '\r' || ch === '\n' || ch === '\u0004') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stdout.write('\n');
          resolve(value);
          return;
        } else if (ch === '\u007f' || ch === '\b') {
          value = value.slice(0, -1);
        } else {
          value += ch;
        }
      }
    };
    stdin.on('data', onData);
  });
}

async function collect(): Promise<z.output<typeof adminSchema>> {
  if (!interactive) {
    const missing = Object.entries({ email: given.email, 'last-name': given.lastName, password: given.password })
      .filter(([, v]) => !v)
      .map(([k]) => `--${k}`);
    if (missing.length) fail(`Missing ${missing.join(', ')} (no terminal to ask on).\n${USAGE}`, 2);
    const result = adminSchema.safeParse({ ...given, firstName: given.firstName ?? '' });
    if (!result.success) fail(result.error.issues.map((i) => `${String(i.path[0] ?? '')}: ${i.message}`).join('\n'), 2);
    return result.data;
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const askField = async <K extends 'email' | 'firstName' | 'lastName'>(key: K, question: string): Promise<string> => {
    for (;;) {
      const answer = given[key] ?? (await rl.question(question));
      const check = adminSchema.shape[key].safeParse(answer);
      if (check.success) return answer;
      console.error(`  ${check.error.issues[0]?.message}`);
      given[key] = undefined;
    }
  };
  const email = await askField('email', 'Email: ');
  const firstName = await askField('firstName', 'First name (optional): ');
  const lastName = await askField('lastName', 'Last name: ');
  rl.close();
  let password = given.password;
  while (!password) {
    const first = await askHidden('Password (at least 8 characters; a passphrase is fine): ');
    const check = adminSchema.shape.password.safeParse(first);
    if (!check.success) {
      console.error(`  ${check.error.issues[0]?.message}`);
      continue;
    }
    if ((await askHidden('Password again: ')) !== first) {
      console.error('  The two passwords differ. Try again.');
      continue;
    }
    password = first;
  }
  const result = adminSchema.safeParse({ email, firstName, lastName, password });
  if (!result.success) fail(result.error.issues.map((i) => `${String(i.path[0] ?? '')}: ${i.message}`).join('\n'), 2);
  return result.data;
}

const input = await collect();
const database = await openLocalDatabase();
process.env.DATABASE_URL = database.url;
let code = 0;
try {
  await migrate(database.url);
  const { createAccount } = await import('../netlify/lib/accounts/index.ts');
  const { HttpError } = await import('../netlify/lib/platform/index.ts');
  try {
    const admin = await createAccount({ role: 'admin', ...input });
    console.log(`Admin created: ${admin.email} (id ${admin.id}). Log in at /admin/login.`);
  } catch (error) {
    if (error instanceof HttpError && error.status === 409) {
      console.error(`An admin with the email ${input.email} already exists.`);
      code = 1;
    } else throw error;
  }
} finally {
  const { closeDb } = await import('../netlify/lib/platform/index.ts');
  await closeDb();
  await database.stop();
}
process.exit(code);
