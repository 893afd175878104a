import { useState, type FormEvent } from 'react';
import { api, errorText } from '../../lib/api.ts';
import { PROGRAMMES } from '../../shared/leads.ts';
import type { AdminOption, AssignmentRule, TeamMember, TeamUpdate } from '../../shared/pipeline.ts';
import type { Page } from '../../shared/paging.ts';
import { toast } from '../ui/Toasts.tsx';
import { useAdminMe } from './me.ts';
import { handleSessionEnd, useAdmin } from './session.ts';
import './admin.css';
import './pipeline.css';
import { ListScreen, LoadStatus, ScrollTable, SelectField } from './list-screen.tsx';
import { PageFooter, usePages, useSort } from './list-pages.tsx';

type TeamAnswer = Page<TeamMember> & { total: number; rules: AssignmentRule[]; admins: AdminOption[] };
/** The team screen has no filter: one object, so the list loads again only on a sort or a reload. */
const NO_FILTER = {};

const ROLE_NAMES: Record<string, string> = { owner: 'an owner', counsellor: 'a counsellor', faculty: 'a faculty member' };

function deactivated(member: TeamMember): string {
  const leads = member.openLeads === 1 ? '1 open lead' : `${member.openLeads} open leads`;
  return `${member.name} is inactive and logged out` + (member.openLeads > 0 ? `; their ${leads} went on to the team` : '');
}

/** /admin/team (owners): every admin's role, whether they take new leads, active; programme rules. */
export default function Team() {
  const admin = useAdmin({ announce: true });
  const me = useAdminMe(!!admin);
  const sorting = useSort('team');
  const list = usePages<TeamMember, TeamAnswer>(admin, NO_FILTER, '/admin/team', sorting, 'Failed to load the team');
  const { answer: data, rows, error, reload: load } = list;
  const [busy, setBusy] = useState(false);
  const [rule, setRule] = useState({ programme: '', accountId: '' });

  async function run(task: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await task();
      toast.success(done);
      load();
    } catch (failure) {
      if (!handleSessionEnd(failure)) toast.error(errorText(failure, 'That did not work. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  const update = (member: TeamMember, change: TeamUpdate, done: string) =>
    run(() => api(`/admin/team/${member.id}`, { method: 'PATCH', body: change }), done);

  function addRule(event: FormEvent) {
    event.preventDefault();
    if (!rule.programme || !rule.accountId) {
      toast.error('Choose a programme and an admin');
      return;
    }
    void run(() => api('/admin/team/rules', { method: 'PUT', body: rule }), 'Rule saved').then(() =>
      setRule({ programme: '', accountId: '' }),
    );
  }

  return (
    <ListScreen admin={admin} title="Team">
      <p className="lead">
        Owners manage courses, money and the team; counsellors work leads; faculty run the batches an owner assigns them (timetable, roster,
        attendance) and see nothing else. New leads go in turn to the active admins who take leads, unless a programme rule names an admin.
        An inactive admin (one who has left) cannot log in, and their sessions end at once; their open leads go on at once as new leads
        would (programme rule, else the next admin in turn).
      </p>
      <LoadStatus error={error} loaded={!!rows} />
      {data && rows ? (
        <>
          <ScrollTable
            label="Admins (scrolls sideways)"
            caption="Admins"
            columns={[{ label: 'Admin', sort: 'name' }, { label: 'Role', sort: 'role' }, 'Takes new leads', 'Active', 'Open leads']}
            sorting={sorting}
          >
            {rows.map((member) => (
              <tr key={member.id} data-admin={member.email}>
                <td>
                  <strong>{member.name}</strong>
                  {member.id === me?.id ? ' (you)' : ''}
                  <br />
                  <span className="muted">{member.email}</span>
                </td>
                <td>
                  <select
                    className="input"
                    aria-label={`Role of ${member.name}`}
                    value={member.adminRole}
                    disabled={busy}
                    onChange={(event) =>
                      void update(
                        member,
                        { adminRole: event.target.value as TeamMember['adminRole'] },
                        `${member.name} is now ${ROLE_NAMES[event.target.value] ?? event.target.value}`,
                      )
                    }
                  >
                    <option value="owner">Owner</option>
                    <option value="counsellor">Counsellor</option>
                    <option value="faculty">Faculty</option>
                  </select>
                </td>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`${member.name} takes new leads`}
                    checked={member.takesLeads}
                    disabled={busy}
                    onChange={(event) => void update(member, { takesLeads: event.target.checked }, 'Saved')}
                  />
                </td>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`${member.name} is active`}
                    checked={member.active}
                    disabled={busy || member.id === me?.id}
                    title={member.id === me?.id ? 'Another owner can deactivate you' : undefined}
                    onChange={(event) =>
                      void update(
                        member,
                        { active: event.target.checked },
                        event.target.checked ? `${member.name} is active again` : deactivated(member),
                      )
                    }
                  />
                </td>
                <td>{member.openLeads}</td>
              </tr>
            ))}
          </ScrollTable>
          <PageFooter
            shown={rows.length}
            total={data.total}
            noun={['admin', 'admins']}
            order={sorting.sort === 'role' ? 'by role' : sorting.dir === 'asc' ? 'by name, A to Z' : 'by name, Z to A'}
            more={list.next !== null}
            loading={list.loading}
            onMore={list.loadMore}
          />
          <h2 className="team-rules-title">Programme rules</h2>
          <p className="muted">Advisor requests for a programme go to the admin named here (while that admin is active).</p>
          {data.rules.length === 0 ? <p>No rules: every lead goes to the next admin in turn.</p> : null}
          <ul className="pipeline-history">
            {data.rules.map((r) => (
              <li key={r.programme}>
                {r.programme} → <strong>{r.name}</strong>{' '}
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  disabled={busy}
                  onClick={() =>
                    void run(() => api(`/admin/team/rules/${encodeURIComponent(r.programme)}`, { method: 'DELETE' }), 'Rule removed')
                  }
                >
                  Remove<span className="sr-only"> the rule for {r.programme}</span>
                </button>
              </li>
            ))}
          </ul>
          <form className="team-rule-form card" onSubmit={addRule} aria-label="Add a programme rule">
            <SelectField
              id="rule-programme"
              label="Programme"
              blank="Choose a programme"
              choices={PROGRAMMES.map((p) => ({ value: p, label: p }))}
              value={rule.programme}
              onChange={(event) => setRule((r) => ({ ...r, programme: event.target.value }))}
            />
            <SelectField
              id="rule-admin"
              label="Goes to"
              blank="Choose an admin"
              choices={data.admins.map((m) => ({ value: m.id, label: m.name }))}
              value={rule.accountId}
              onChange={(event) => setRule((r) => ({ ...r, accountId: event.target.value }))}
            />
            <button type="submit" className="btn btn-primary" disabled={busy}>
              Save rule
            </button>
          </form>
        </>
      ) : null}
    </ListScreen>
  );
}
