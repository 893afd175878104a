/**
 * The admin team (owners manage it at /admin/team): each admin's role, whether they take new
 * leads in the round robin, whether they are active (an inactive admin, one who has left, cannot
 * log in, gets no new leads, and their open leads go on to the team); and the programme rules
 * that send a programme's leads to one admin. Every change is audited.
 */
import { PROGRAMMES } from '../../../src/shared/leads.ts';
import {
  CLOSED_STAGES,
  type AdminOption,
  type AdminRoleName,
  type AssignmentRule,
  type TeamMember,
  type TeamQuery,
  type TeamUpdate,
} from '../../../src/shared/pipeline.ts';
import { PAGE_MAX, type SortOf } from '../../../src/shared/paging.ts';
import { recordAdminAction, db, type Db, HttpError, keysetPage, pageOf, type KeysetList } from '../platform/index.ts';
import type { Session } from '../auth/index.ts';

export const LAST_OWNER = 'The team needs at least one owner: make another admin an owner first';
export const NO_SUCH_ADMIN = 'No such admin';
export const FACULTY_TAKE_NO_LEADS = 'Faculty do not take leads: make them a counsellor first';
export const NOT_YOURSELF = 'You cannot deactivate your own account: ask another owner';
export const INACTIVE_ADMIN = 'This admin account is inactive: ask an owner to reactivate it';

const NAME = `coalesce(nullif(trim(a.first_name || ' ' || a.last_name), ''), a.email)`;

/**
 * The role a newly invited admin gets: the first admin is the owner (someone must manage the
 * team); everyone after joins as a counsellor until an owner promotes them.
 */
export async function roleForNewAdmin(sql: Db = db()): Promise<AdminRoleName> {
  const [row] = await sql<{ any: boolean }[]>`select exists (select 1 from accounts where role = 'admin') as any`;
  return row!.any ? 'counsellor' : 'owner';
}

type MemberRow = {
  id: string;
  name: string;
  email: string;
  admin_role: AdminRoleName;
  takes_leads: boolean;
  active: boolean;
  open_leads: number;
};

/** The team's sorts: by name or role (owner, counsellor, faculty), the account id breaking a tie. */
export const TEAM_PAGING: KeysetList<SortOf<'team'>> = {
  name: 'team',
  sorts: {
    name: { expr: `lower(${NAME})`, type: 'text' },
    role: { expr: `array_position(array['owner', 'counsellor', 'faculty']::text[], a.admin_role)`, type: 'integer' },
  },
  keys: [{ expr: 'a.id', type: 'text' }],
  sort: 'name',
  dir: 'asc',
  // A team is short: the whole of it on one page, unless it ever grows past the cap.
  pageSize: PAGE_MAX,
};

/** One page of the team, with how many admins there are (`only`: that one admin). */
export async function listTeam(query: TeamQuery = {}, only?: string): Promise<{ rows: TeamMember[]; next: string | null; total: number }> {
  const sql = db();
  const page = keysetPage(sql, TEAM_PAGING, query);
  const [rows, [count]] = await Promise.all([
    sql<MemberRow[]>`
      select a.id, ${sql.unsafe(NAME)} as name, a.email, a.admin_role,
             coalesce(p.takes_leads, a.admin_role = 'counsellor') as takes_leads, coalesce(p.active, true) as active,
             (select count(*)::int from lead_pipeline l where l.owner_id = a.id and l.stage not in ('enrolled', 'lost')) as open_leads,
             ${page.select}
      from accounts a left join admin_profiles p on p.account_id = a.id
      where a.role = 'admin' and ${page.seek} ${only ? sql`and a.id = ${only}` : sql``}
      order by ${page.order}
      limit ${page.fetch}`,
    sql<{ total: number }[]>`select count(*)::int as total from accounts where role = 'admin'`,
  ]);
  const found = pageOf(rows, page);
  return {
    next: found.next,
    total: count!.total,
    rows: found.rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      adminRole: r.admin_role,
      takesLeads: r.takes_leads,
      active: r.active,
      openLeads: r.open_leads,
    })),
  };
}

/** Every admin by name, for owner pickers and filters; an inactive one is marked (leads cannot go to them). */
export async function adminOptions(): Promise<AdminOption[]> {
  const sql = db();
  return sql<AdminOption[]>`
    select a.id, ${sql.unsafe(NAME)} || case when coalesce(p.active, true) then '' else ' (inactive)' end as name
    from accounts a left join admin_profiles p on p.account_id = a.id
    where a.role = 'admin' order by coalesce(p.active, true) desc, name, a.id`;
}

export async function updateAdmin(actor: Session, id: string, update: TeamUpdate): Promise<TeamMember> {
  await db().begin(async (tx) => {
    // The owners' and the target's rows are locked together, so two demotions or deactivations at
    // once cannot leave the team without an owner who can log in. The reads come after the lock, as
    // statements of their own: each sees what the transaction it waited for committed (a locking
    // read re-checks only the locked table's rows, not admin_profiles).
    await tx`select a.id from accounts a where a.role = 'admin' and (a.admin_role = 'owner' or a.id = ${id}) order by a.id for update`;
    const owners = await tx<{ id: string }[]>`
      select a.id from accounts a left join admin_profiles p on p.account_id = a.id
      where a.role = 'admin' and a.admin_role = 'owner' and coalesce(p.active, true)`;
    const [target] = await tx<{ admin_role: AdminRoleName; takes_leads: boolean | null; active: boolean | null }[]>`
      select a.admin_role, p.takes_leads, p.active from accounts a left join admin_profiles p on p.account_id = a.id
      where a.id = ${id} and a.role = 'admin'`;
    if (!target) throw new HttpError(404, NO_SUCH_ADMIN);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if (update.adminRole && update.adminRole !== target.admin_role) {
      if (update.adminRole !== 'owner' && owners.every((o) => o.id === id)) throw new HttpError(409, LAST_OWNER);
      await tx`update accounts set admin_role = ${update.adminRole}, updated_at = now() where id = ${id}`;
      changes['adminRole'] = { from: target.admin_role, to: update.adminRole };
    }
    const takesBefore = target.takes_leads ?? target.admin_role === 'counsellor';
    // Faculty see no leads, so they take none and their open leads go on to the team.
    const toFaculty = update.adminRole === 'faculty' && target.admin_role !== 'faculty';
    if (update.takesLeads && (update.adminRole ?? target.admin_role) === 'faculty') throw new HttpError(400, FACULTY_TAKE_NO_LEADS);
    if (toFaculty && takesBefore) update = { ...update, takesLeads: false };
    const activeBefore = target.active ?? true;
    if (update.takesLeads !== undefined && update.takesLeads !== takesBefore)
      changes['takesLeads'] = { from: takesBefore, to: update.takesLeads };
    if (update.active !== undefined && update.active !== activeBefore) {
      changes['active'] = { from: activeBefore, to: update.active };
      if (!update.active) {
        if (id === actor.accountId) throw new HttpError(409, NOT_YOURSELF);
        if (owners.every((o) => o.id === id)) throw new HttpError(409, LAST_OWNER);
        // Every session of the deactivated admin ends now, on every device.
        await tx`update accounts set token_version = token_version + 1, updated_at = now() where id = ${id}`;
      }
    }
    if (update.takesLeads !== undefined || update.active !== undefined) {
      await tx`
        insert into admin_profiles (account_id, takes_leads, active)
        values (${id}, ${update.takesLeads ?? target.takes_leads}, ${update.active ?? activeBefore})
        on conflict (account_id) do update set
          takes_leads = ${update.takesLeads ?? target.takes_leads}, active = ${update.active ?? activeBefore}, updated_at = now()`;
    }
    const handedOn = (changes['active'] && !update.active) || toFaculty ? await handOnOpenLeads(tx, actor, id) : undefined;
    if (Object.keys(changes).length > 0) {
      await recordAdminAction(tx, {
        actor: { accountId: actor.accountId, email: actor.email },
        action: 'admin.update',
        subjectKind: 'admin',
        subjectId: id,
        details: handedOn === undefined ? changes : { ...changes, openLeadsHandedOn: handedOn },
      });
    }
  });
  return (await listTeam({}, id)).rows[0]!;
}

/**
 * A deactivated admin's open leads go on at once, each as a new lead would: to the admin its
 * programme's rule names, else the next active admin in turn (unassigned when nobody takes leads),
 * so no follow-up waits on someone who has left. Runs after the profile says inactive, so the
 * round robin skips them; one audit row per lead. Answers how many leads moved.
 */
async function handOnOpenLeads(tx: Db, actor: Session, id: string): Promise<number> {
  const [moved] = await tx<{ count: number }[]>`
    with handed as (
      update lead_pipeline p
      set owner_id = assign_lead_owner(case when p.lead_kind = 'contact' then
            (select nullif(c.programme, '') from contact_requests c where c.id::text = p.lead_id) end),
          updated_at = now()
      where p.owner_id = ${id} and p.stage not in ${tx(CLOSED_STAGES)}
      returning p.lead_kind, p.lead_id, p.owner_id
    ), logged as (
      insert into admin_audit_log (actor_id, actor_email, action, subject_kind, subject_id, details)
      select ${actor.accountId}, ${actor.email}, 'lead.owner', lead_kind, lead_id,
             jsonb_build_object('from', ${id}::text, 'to', owner_id, 'reason', 'previous owner deactivated')
      from handed
      returning 1
    )
    select count(*)::int as count from logged`;
  return moved?.count ?? 0;
}

/** Whether this account is an admin who is active (no profile row: active); undefined when it is no admin. */
export async function adminIsActive(sql: Db, id: string): Promise<boolean | undefined> {
  const [row] = await sql<{ active: boolean }[]>`
    select coalesce(p.active, true) as active from accounts a left join admin_profiles p on p.account_id = a.id
    where a.id = ${id} and a.role = 'admin'`;
  return row?.active;
}

/** Login refuses an inactive admin, after the password was checked (so it reveals nothing). */
export async function refuseInactiveAdmin(account: { id: string }): Promise<void> {
  if ((await adminIsActive(db(), account.id)) === false) throw new HttpError(403, INACTIVE_ADMIN);
}

export async function listRules(): Promise<AssignmentRule[]> {
  const sql = db();
  const rows = await sql<AssignmentRule[]>`
    select r.programme, r.account_id as "accountId", ${sql.unsafe(NAME)} as name
    from lead_assignment_rules r join accounts a on a.id = r.account_id`;
  return rows.sort((x, y) => PROGRAMMES.indexOf(x.programme as never) - PROGRAMMES.indexOf(y.programme as never));
}

export async function setRule(actor: Session, programme: string, accountId: string): Promise<void> {
  await db().begin(async (tx) => {
    const [target] = await tx`select 1 from accounts where id = ${accountId} and role = 'admin'`;
    if (!target) throw new HttpError(400, ['accountId: Choose an admin']);
    const [before] = await tx<
      { account_id: string }[]
    >`select account_id from lead_assignment_rules where programme = ${programme} for update`;
    await tx`insert into lead_assignment_rules (programme, account_id) values (${programme}, ${accountId})
             on conflict (programme) do update set account_id = excluded.account_id`;
    await recordAdminAction(tx, {
      actor: { accountId: actor.accountId, email: actor.email },
      action: 'lead.rule',
      subjectKind: 'programme',
      subjectId: programme,
      details: { from: before?.account_id ?? null, to: accountId },
    });
  });
}

export async function deleteRule(actor: Session, programme: string): Promise<void> {
  await db().begin(async (tx) => {
    const [before] = await tx<
      { account_id: string }[]
    >`delete from lead_assignment_rules where programme = ${programme} returning account_id`;
    if (!before) throw new HttpError(404, 'No rule for this programme');
    await recordAdminAction(tx, {
      actor: { accountId: actor.accountId, email: actor.email },
      action: 'lead.rule',
      subjectKind: 'programme',
      subjectId: programme,
      details: { from: before.account_id, to: null },
    });
  });
}
