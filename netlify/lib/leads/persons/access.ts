/**
 * Who may act on a person for the team (write to them, record their right address): owners any
 * person; a counsellor the people one of whose leads they own (the pipeline's assignment).
 */
import type { Session } from '../../auth/index.ts';
import type { Tx } from '../../platform/index.ts';

export type PersonActor = Pick<Session, 'accountId' | 'adminRole'>;

export async function mayActOnPerson(tx: Tx, admin: PersonActor, personLeads: { kind: string; id: string }[]): Promise<boolean> {
  if (admin.adminRole === 'owner') return true;
  if (personLeads.length === 0) return false;
  const [mine] = await tx`select 1 from lead_pipeline where owner_id = ${admin.accountId}
    and (lead_kind || ':' || lead_id) in ${tx(personLeads.map((l) => `${l.kind}:${l.id}`))}`;
  return !!mine;
}
