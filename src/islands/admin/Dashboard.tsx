import { useState } from 'react';
import { api, ApiError, errorText } from '../../lib/api.ts';
import { session } from '../../lib/session.ts';
import { Toasts, toast } from '../ui/Toasts.tsx';
import { useFlash } from '../ui/useFlash.ts';
import { LOGIN_PATH, useAdmin } from './session.ts';
import './admin.css';

/** /admin/dashboard: only with a stored admin record (else straight to /admin/login). */
export default function Dashboard() {
  useFlash();
  const admin = useAdmin({ announce: false });
  const [leaving, setLeaving] = useState(false);

  async function logout() {
    setLeaving(true);
    try {
      const answer = await api<{ message: string }>('/admin/logout');
      toast.success(answer.message);
    } catch (error) {
      // A session that has already ended is as good as logged out.
      if (!(error instanceof ApiError && error.status === 401)) {
        toast.error(errorText(error, 'Error in logging out'));
        setLeaving(false);
        return;
      }
    }
    session.clearAdmin();
    window.location.assign(LOGIN_PATH);
  }

  if (!admin) return <Toasts />;
  return (
    <>
      <Toasts />
      <div className="admin-head">
        <h1>Welcome, {admin.firstName || admin.email}</h1>
      </div>
      <p className="lead">Manage the course catalogue and follow up every enquiry and payment.</p>
      <nav className="admin-tiles" aria-label="Admin">
        <a className="card card-link admin-tile" href="/admin/our-courses">
          Our Courses <span>See, update and delete courses</span>
        </a>
        <a className="card card-link admin-tile" href="/admin/create-course">
          Create Course <span>Add a course with its image</span>
        </a>
        <a className="card card-link admin-tile" href="/admin/leads">
          Leads <span>Callbacks, applications, pitches, payments</span>
        </a>
        <a className="card card-link admin-tile" href="/">
          Home <span>The public website</span>
        </a>
      </nav>
      <div className="admin-actions" style={{ marginTop: 'var(--s-6)' }}>
        <button type="button" className="btn btn-secondary" onClick={logout} disabled={leaving}>
          {leaving ? 'Logging out...' : 'Logout'}
        </button>
      </div>
    </>
  );
}
