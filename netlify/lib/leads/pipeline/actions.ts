/**
 * What an admin does to a lead: move its stage (with a note, a follow-up), add a note, set the
 * next follow-up, give it an owner. Each change, its history row and its audit row commit
 * together; the lead's row is locked first, so two admins' changes apply one after the other.
 */
import { type LeadRef, type StageChange, CLOSED_STAGES, STAGE_LABELS, STAGES, type Stage } from '../../../../src/shared/pipeline.ts';
import { recordAdminAction, db, type Tx, HttpError } from '../../platform/index.ts';
import type { Session } from '../../auth/index.ts';
import { adminIsActive } from '../../accounts/index.ts';

export const NO_SUCH_LEAD = 'No such lead';
export const OWNERS_REASSIGN = 'Only an owner admin can reassign a lead; you can take a lead nobody owns';

type Locked = { stage: Stage; owner_id: string | null; next_follow_up_at: Date | null };

async function lock(tx: Tx, ref: LeadRef): Promise<Locked> {
  const [row] = await tx<Locked[]>`
    select stage, owner_id, next_follow_up_at from lead_pipeline
    where lead_kind = ${ref.kind} and lead_id = ${ref.id} for update`;
  if (!row) throw new HttpError(404, NO_SUCH_LEAD);
  return row;
}

const actorOf = (admin: Session) => ({ accountId: admin.accountId, email: admin.email });
const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export async function changeStage(admin: Session, ref: LeadRef, change: StageChange): Promise<void> {
  await db().begin(async (tx) => {
    const current = await lock(tx, ref);
    if (current.stage === change.stage) throw new HttpError(409, `The lead is already ${STAGE_LABELS[change.stage]}`);
    await applyStageChange(tx, admin, ref, current, change);
  });
}

/**
 * Moves a lead forward to `to` inside the caller's transaction (a fact elsewhere made it happen,
 * e.g. every required document approved), with its history row and audit row; a lead already
 * there or further on, or lost, stays as it is. Answers whether it moved.
 */
export async function advanceStage(tx: Tx, admin: Session, ref: LeadRef, to: Stage, note: string): Promise<boolean> {
  const current = await lock(tx, ref);
  if (current.stage === 'lost' || STAGES.indexOf(current.stage) >= STAGES.indexOf(to)) return false;
  await applyStageChange(tx, admin, ref, current, { stage: to, note });
  return true;
}

async function applyStageChange(tx: Tx, admin: Session, ref: LeadRef, current: Locked, change: StageChange): Promise<void> {
  // A closed lead needs no follow-up; otherwise the form's follow-up (if any) replaces the old one.
  const followUp =
    change.nextFollowUpAt !== undefined
      ? change.nextFollowUpAt
      : CLOSED_STAGES.includes(change.stage)
        ? null
        : iso(current.next_follow_up_at);
  await tx`
    update lead_pipeline set
      stage = ${change.stage},
      lost_reason = ${change.stage === 'lost' ? change.lostReason! : null},
      next_follow_up_at = ${followUp},
      first_contacted_at = case when first_contacted_at is null and ${change.stage} <> 'new' then now() else first_contacted_at end,
      updated_at = now()
    where lead_kind = ${ref.kind} and lead_id = ${ref.id}`;
  await tx`
    insert into lead_stage_changes (lead_kind, lead_id, from_stage, to_stage, note, actor_id)
    values (${ref.kind}, ${ref.id}, ${current.stage}, ${change.stage}, ${change.note ?? null}, ${admin.accountId})`;
  await recordAdminAction(tx, {
    actor: actorOf(admin),
    action: 'lead.stage',
    subjectKind: ref.kind,
    subjectId: ref.id,
    details: {
      from: current.stage,
      to: change.stage,
      ...(change.lostReason ? { lostReason: change.lostReason } : {}),
      ...(change.note ? { note: true } : {}),
    },
  });
  if (followUp !== iso(current.next_follow_up_at)) {
    await recordAdminAction(tx, {
      actor: actorOf(admin),
      action: 'lead.follow_up',
      subjectKind: ref.kind,
      subjectId: ref.id,
      details: { from: iso(current.next_follow_up_at), to: followUp },
    });
  }
}

export async function addNote(admin: Session, ref: LeadRef, body: string): Promise<{ id: string }> {
  return db().begin(async (tx) => {
    await lock(tx, ref);
    const [row] = await tx<{ id: string }[]>`
      insert into lead_notes (lead_kind, lead_id, author_id, body)
      values (${ref.kind}, ${ref.id}, ${admin.accountId}, ${body}) returning id::text`;
    await tx`update lead_pipeline set updated_at = now() where lead_kind = ${ref.kind} and lead_id = ${ref.id}`;
    await recordAdminAction(tx, {
      actor: actorOf(admin),
      action: 'lead.note',
      subjectKind: ref.kind,
      subjectId: ref.id,
      details: { noteId: row!.id, length: body.length },
    });
    return { id: row!.id };
  });
}

export async function setFollowUp(admin: Session, ref: LeadRef, at: string | null): Promise<void> {
  await db().begin(async (tx) => {
    const current = await lock(tx, ref);
    await tx`update lead_pipeline set next_follow_up_at = ${at}, updated_at = now() where lead_kind = ${ref.kind} and lead_id = ${ref.id}`;
    await recordAdminAction(tx, {
      actor: actorOf(admin),
      action: 'lead.follow_up',
      subjectKind: ref.kind,
      subjectId: ref.id,
      details: { from: iso(current.next_follow_up_at), to: at },
    });
  });
}

/** Owners give any lead to any admin (or none); a counsellor may only take a lead nobody owns. */
export async function setOwner(admin: Session, ref: LeadRef, ownerId: string | null): Promise<void> {
  await db().begin(async (tx) => {
    const current = await lock(tx, ref);
    const taking = current.owner_id === null && ownerId === admin.accountId;
    if (admin.adminRole !== 'owner' && !taking) throw new HttpError(403, OWNERS_REASSIGN);
    if (ownerId) {
      const active = await adminIsActive(tx, ownerId);
      if (active === undefined) throw new HttpError(400, ['ownerId: Choose an admin']);
      if (!active) throw new HttpError(400, ['ownerId: This admin is inactive: choose an active admin']);
    }
    if (current.owner_id === ownerId) return;
    await tx`update lead_pipeline set owner_id = ${ownerId}, updated_at = now() where lead_kind = ${ref.kind} and lead_id = ${ref.id}`;
    await recordAdminAction(tx, {
      actor: actorOf(admin),
      action: 'lead.owner',
      subjectKind: ref.kind,
      subjectId: ref.id,
      details: { from: current.owner_id, to: ownerId },
    });
  });
}
