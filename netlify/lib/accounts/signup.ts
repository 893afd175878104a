/**
 * Signup from the public forms (learners, and admins with the invite code). The answer is the same
 * whether or not the email already has an account, in about the same time: a new account gets a
 * link to confirm its address; the owner of a taken address gets an email saying someone tried,
 * with the way back in. Nothing else tells a stranger that an address is known.
 */
import { SIGNUP_ANSWER } from '../../../src/shared/account.ts';
import { issueToken, hashPassword, type Role } from '../auth/index.ts';
import { recordConsent, db, env, HttpError, rateLimit } from '../platform/index.ts';
import { leadGuardian } from '../../../src/shared/minors-schema.ts';
import { requestParentConsent } from '../guardians/index.ts';
import { enqueueEmail } from '../outbox/index.ts';
import { signupAttempt, verifyEmail } from './emails.ts';
import { roleForNewAdmin } from './team.ts';

const HOUR = 3600;

/** Enough for a person who mistypes, far too few for probing addresses. */
export const SIGNUP_LIMITS = {
  perEmail: { limit: 5, windowSeconds: HOUR },
} as const;

export type SignupInput = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** Learners: "I am under 18" and the parent's details (DPDP Act s.9); the notice's language. */
  under18?: boolean;
  parentName?: string;
  parentEmail?: string;
  parentPhone?: string;
  noticeLanguage?: 'en' | 'hi';
};

/**
 * Creates an unconfirmed account and emails its verification link, or emails the owner of the
 * taken address; the password is checked and hashed either way (same rules, same work).
 */
export async function signUp(role: Role, input: SignupInput, ip: string): Promise<{ message: string; email: string }> {
  await rateLimit({ bucket: `${role}-signup-ip`, key: ip, limit: env().SIGNUP_RATE_LIMIT_PER_HOUR, windowSeconds: HOUR });
  await rateLimit({ bucket: `${role}-signup-email`, key: input.email, ...SIGNUP_LIMITS.perEmail });
  // A child's account waits for a parent's consent before any purchase (shop and fee plans check it).
  const { parent, problems } = role === 'user' ? leadGuardian(input) : { parent: null, problems: [] };
  if (problems.length) throw new HttpError(400, problems);
  const passwordHash = await hashPassword(input.password);
  await db().begin(async (tx) => {
    // Whoever holds the invite code joins as a counsellor; only the very first admin is an owner.
    // The lock makes two first signups at once one owner and one counsellor.
    if (role === 'admin') await tx`select pg_advisory_xact_lock(hashtext('aspira:new-admin-role'))`;
    const adminRole = role === 'admin' ? await roleForNewAdmin(tx) : null;
    const [created] = await tx<{ id: string }[]>`
      insert into accounts (role, email, first_name, last_name, password_hash, admin_role)
      values (${role}, ${input.email}, ${input.firstName}, ${input.lastName}, ${passwordHash}, ${adminRole})
      on conflict (role, email) do nothing
      returning id`;
    if (created) {
      await recordConsent(tx, {
        email: input.email,
        purpose: 'signup',
        subjectTable: 'accounts',
        subjectId: created.id,
        language: input.noticeLanguage ?? 'en',
        minor: parent !== null,
      });
      if (parent)
        await requestParentConsent(tx, {
          subject: { table: 'accounts', id: created.id },
          child: { email: input.email, name: input.firstName },
          parent,
          language: input.noticeLanguage ?? 'en',
          what: 'account',
        });
      const token = await issueToken(tx, created.id, 'verify-email');
      // The address was typed into a public form: capped per address per day like every such email.
      await enqueueEmail(tx, {
        to: input.email,
        ...verifyEmail(role, input.firstName, token),
        tag: 'verify-email',
        secret: true,
        toVisitor: true,
        // Typed just now: sent even if the address bounced before (the person may have fixed it).
        retyped: true,
      });
      return;
    }
    const [owner] = await tx<{ first_name: string }[]>`select first_name from accounts where role = ${role} and email = ${input.email}`;
    await enqueueEmail(tx, {
      to: input.email,
      ...signupAttempt(role, owner?.first_name ?? '', input.email),
      tag: 'signup-attempt',
      toVisitor: true,
    });
  });
  return { message: SIGNUP_ANSWER, email: input.email };
}
