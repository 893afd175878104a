/**
 * Fee plans: what learners see (active plans) and what owners manage (create with parts; edit
 * name, programme, description and active). Parts never change once a plan exists: enrolments
 * copy them, and a plan with different parts is a new plan.
 */
import type { z } from 'zod';
import { paiseToRupees, rupeesToPaise } from '../../../src/shared/money.ts';
import type { PlanDto, planCreateSchema, planUpdateSchema } from '../../../src/shared/instalments.ts';
import { programmeLabel, type FeeOptionId } from '../../../src/shared/registration-fees.ts';
import { recordAdminAction, db, isUniqueViolation, type Db, HttpError } from '../platform/index.ts';
import type { Session } from '../auth/index.ts';
import { supplier, amountToCharge } from '../invoices/index.ts';

export type PlanRow = {
  id: string;
  slug: string;
  name: string;
  programme: string;
  description: string;
  registration_fee_option: string | null;
  active: boolean;
};

export type PartRow = { position: number; label: string; amount_paise: string; due_after_days: number | null; due_on: string | null };

const PLAN_COLUMNS = 'id::text as id, slug, name, programme, description, registration_fee_option, active';

async function partsOf(sql: Db, planIds: string[]): Promise<Map<string, PartRow[]>> {
  if (planIds.length === 0) return new Map();
  const rows = await sql<(PartRow & { plan_id: string })[]>`
    select plan_id::text as plan_id, position, label, amount_paise, due_after_days, to_char(due_on, 'YYYY-MM-DD') as due_on
    from instalment_plan_parts where plan_id in ${sql(planIds)} order by plan_id, position`;
  return Map.groupBy(rows, (r) => r.plan_id);
}

export function toPlanDto(plan: PlanRow, parts: PartRow[], enrolled = 0): PlanDto {
  const charge = (p: PartRow) => amountToCharge(Number(p.amount_paise), supplier());
  return {
    id: plan.id,
    slug: plan.slug,
    name: plan.name,
    programme: plan.programme,
    description: plan.description,
    registrationFee: plan.registration_fee_option
      ? { option: plan.registration_fee_option, label: programmeLabel(plan.registration_fee_option as FeeOptionId) }
      : null,
    active: plan.active,
    total: paiseToRupees(parts.reduce((sum, p) => sum + charge(p), 0)),
    parts: parts.map((p) => ({
      position: p.position,
      label: p.label,
      amount: paiseToRupees(charge(p)),
      dueAfterDays: p.due_after_days,
      dueOn: p.due_on,
    })),
    enrolled,
  };
}

/** One plan with its parts (for enrolment: `for share` keeps its parts still meanwhile). */
export async function loadPlan(sql: Db, planId: string): Promise<{ plan: PlanRow; parts: PartRow[] } | undefined> {
  const [plan] = await sql<PlanRow[]>`select ${sql.unsafe(PLAN_COLUMNS)} from instalment_plans where id = ${planId}`;
  if (!plan) return undefined;
  return { plan, parts: (await partsOf(sql, [plan.id])).get(plan.id) ?? [] };
}

/** GET /plans: the plans a learner can enrol in. */
export async function listActivePlans(): Promise<PlanDto[]> {
  const sql = db();
  const plans = await sql<PlanRow[]>`select ${sql.unsafe(PLAN_COLUMNS)} from instalment_plans where active order by id`;
  const parts = await partsOf(
    sql,
    plans.map((p) => p.id),
  );
  return plans.map((p) => toPlanDto(p, parts.get(p.id) ?? []));
}

/** GET /admin/plans: every plan, with how many learners enrolled. */
export async function listAllPlans(): Promise<PlanDto[]> {
  const sql = db();
  const plans = await sql<(PlanRow & { enrolled: number })[]>`
    select p.id::text as id, p.slug, p.name, p.programme, p.description, p.registration_fee_option, p.active,
           (select count(*)::int from plan_enrolments e where e.plan_id = p.id) as enrolled
    from instalment_plans p order by p.id`;
  const parts = await partsOf(
    sql,
    plans.map((p) => p.id),
  );
  return plans.map((p) => toPlanDto(p, parts.get(p.id) ?? [], p.enrolled));
}

export async function createPlan(session: Session, input: z.output<typeof planCreateSchema>): Promise<PlanDto> {
  return db().begin(async (tx) => {
    let plan: PlanRow | undefined;
    try {
      [plan] = await tx.savepoint(
        (sp) => sp<PlanRow[]>`
        insert into instalment_plans (slug, name, programme, description, registration_fee_option, active, created_by)
        values (${input.slug}, ${input.name}, ${input.programme}, ${input.description}, ${input.registrationFeeOption},
                ${input.active}, ${session.accountId})
        returning ${sp.unsafe(PLAN_COLUMNS)}`,
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, 'slug: A plan with this slug exists already');
      throw error;
    }
    let position = 0;
    for (const part of input.parts) {
      position++;
      await tx`insert into instalment_plan_parts (plan_id, position, label, amount_paise, due_after_days, due_on)
               values (${plan!.id}, ${position}, ${part.label}, ${rupeesToPaise(part.amount)}, ${part.dueAfterDays ?? null}, ${part.dueOn ?? null})`;
    }
    await recordAdminAction(tx, {
      actor: { accountId: session.accountId, email: session.email },
      action: 'plan.create',
      subjectKind: 'plan',
      subjectId: plan!.id,
      details: { slug: input.slug, parts: input.parts.length, active: input.active },
    });
    const loaded = await loadPlan(tx, plan!.id);
    return toPlanDto(loaded!.plan, loaded!.parts);
  });
}

export async function updatePlan(session: Session, planId: string, input: z.output<typeof planUpdateSchema>): Promise<PlanDto> {
  return db().begin(async (tx) => {
    const [plan] = await tx<PlanRow[]>`
      update instalment_plans set
        name = coalesce(${input.name ?? null}, name),
        programme = coalesce(${input.programme ?? null}, programme),
        description = coalesce(${input.description ?? null}, description),
        active = coalesce(${input.active ?? null}, active)
      where id = ${planId} returning ${tx.unsafe(PLAN_COLUMNS)}`;
    if (!plan) throw new HttpError(404, 'No such plan');
    await recordAdminAction(tx, {
      actor: { accountId: session.accountId, email: session.email },
      action: input.active === undefined ? 'plan.edit' : input.active ? 'plan.activate' : 'plan.deactivate',
      subjectKind: 'plan',
      subjectId: plan.id,
      details: { changed: Object.keys(input) },
    });
    const [{ enrolled } = { enrolled: 0 }] = await tx<{ enrolled: number }[]>`
      select count(*)::int as enrolled from plan_enrolments where plan_id = ${plan.id}`;
    return toPlanDto(plan, (await partsOf(tx, [plan.id])).get(plan.id) ?? [], enrolled);
  });
}
