import { useEffect } from 'react';
import { Toasts } from '../ui/Toasts.tsx';
import { useFlash } from '../ui/useFlash.ts';
import { adminHome, useAdminMe } from './me.ts';
import { useAdmin } from './session.ts';
import './admin.css';

/**
 * /admin/dashboard: only with a stored admin record (else straight to /admin/login); a faculty
 * member goes on to /admin/batches. Logout is in the admin bar (AdminLayout), on every screen.
 */
export default function Dashboard() {
  useFlash();
  const admin = useAdmin({ announce: false });
  const me = useAdminMe(!!admin);
  // The role the browser's record remembers (as the admin bar uses it) until the server says it:
  // an owner's tiles are there from the first paint instead of pushing the others aside.
  const role: string | undefined = me?.adminRole ?? admin?.adminRole;
  const owner = role === 'owner';
  const away = adminHome(role) !== '/admin/dashboard';
  useEffect(() => {
    // A faculty member (who may have followed the brand link here) runs their batches instead.
    if (away) location.replace(adminHome(role));
  }, [away, role]);

  if (!admin || away) return <Toasts />;
  return (
    <>
      <Toasts />
      <div className="admin-head">
        <h1>Welcome, {admin.firstName || admin.email}</h1>
      </div>
      <p className="lead">
        {owner
          ? 'Manage the course catalogue and follow up every enquiry and payment.'
          : 'Follow up your leads: call, email, move them on.'}
      </p>
      <nav className="admin-tiles" aria-label="Admin tasks">
        <a className="card card-link admin-tile" href="/admin/queue">
          My leads <span>Overdue follow-ups and new leads first</span>
        </a>
        {owner ? (
          <>
            <a className="card card-link admin-tile" href="/admin/our-courses">
              Our Courses <span>See, update and delete courses</span>
            </a>
            <a className="card card-link admin-tile" href="/admin/create-course">
              Create Course <span>Add a course with its image</span>
            </a>
          </>
        ) : null}
        <a className="card card-link admin-tile" href="/admin/leads">
          Leads <span>Callbacks, applications, pitches, payments</span>
        </a>
        {owner ? (
          <>
            <a className="card card-link admin-tile" href="/admin/team">
              Team <span>Roles, who takes new leads, programme rules</span>
            </a>
            <a className="card card-link admin-tile" href="/admin/operations">
              Operations <span>Bounced emails, late jobs, payments that do not match</span>
            </a>
          </>
        ) : null}
        <a className="card card-link admin-tile" href="/">
          Home <span>The public website</span>
        </a>
      </nav>
    </>
  );
}
