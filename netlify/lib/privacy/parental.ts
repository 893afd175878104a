/**
 * The parent's answer on /parent-consent (DPDP Act s.9, Rules r.10): a confirmation lets the
 * child's registration continue; a refusal erases what the child gave, in the same transaction.
 */
import { awaitingRequest, recordParentDecision } from '../guardians/index.ts';
import { db, log } from '../platform/index.ts';
import { eraseRefusedAccount, eraseRefusedChild, eraseRefusedEnquiry } from './rights.ts';

/** `earlier`: the link was answered before (a second click, or a refused link opened again). */
export type ParentDecisionAnswer = { status: 'given' | 'refused'; earlier: boolean; message: string };

export async function decideParentConsent(token: string, decision: 'given' | 'refused'): Promise<ParentDecisionAnswer> {
  if (decision === 'given') {
    const outcome = await db().begin((tx) => recordParentDecision(tx, token, 'given'));
    log.info('parent decided', { status: outcome.status });
    return outcome.status === 'given'
      ? { status: 'given', earlier: false, message: 'Thank you. Your consent is recorded: your child can now continue their registration.' }
      : { status: 'refused', earlier: true, message: 'You have already refused consent.' };
  }
  // The refusal names the child's address; it is recorded and the child erased together.
  const pending = await awaitingRequest(token);
  if (!pending) {
    // Already decided, expired or not ours: recordParentDecision answers which (404, 410 or the decision).
    const outcome = await db().begin((tx) => recordParentDecision(tx, token, 'refused'));
    return {
      status: outcome.status,
      earlier: true,
      message: outcome.status === 'given' ? 'You confirmed consent earlier.' : 'You have already refused consent.',
    };
  }
  const recordRefusal = async (tx: Parameters<Parameters<typeof eraseRefusedChild>[1]>[0]) => {
    await recordParentDecision(tx, token, 'refused');
  };
  // A registration's address was proven by its code: everything found by it goes. An enquiry's was
  // only typed: that enquiry alone goes.
  if (pending.subject.table === 'registrations') await eraseRefusedChild(pending.childEmail, recordRefusal);
  else if (pending.subject.table === 'accounts') await eraseRefusedAccount(pending.childEmail, pending.subject.id, recordRefusal);
  else await eraseRefusedEnquiry(pending.childEmail, pending.subject, recordRefusal);
  log.info('parent refused: the child’s data erased');
  return { status: 'refused', earlier: false, message: 'Your refusal is recorded and everything your child gave us has been erased.' };
}
