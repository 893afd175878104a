import { useEffect, useState } from 'react';
import { api, errorText } from '../../lib/api.ts';
import type { CourseDto } from '../../shared/course.ts';
import { DESCRIPTION_CUT, truncate } from '../../shared/text.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { toast } from '../ui/Toasts.tsx';
import { useFlash } from '../ui/useFlash.ts';
import { PriceTag } from '../shop/PriceTag.tsx';
import { useAdminMe } from '../admin/me.ts';
import { handleSessionEnd, useAdmin } from '../admin/session.ts';
import '../admin/admin.css';
import { ListScreen } from '../admin/list-screen.tsx';

/**
 * /admin/our-courses: every listed course with Update and Delete (confirmed in a dialog); a
 * counsellor who opens it sees the list only (course changes are for owners).
 */
export default function OurCourses() {
  useFlash();
  const admin = useAdmin({ announce: true });
  const me = useAdminMe(!!admin);
  const counsellor = me?.adminRole === 'counsellor';
  const [courses, setCourses] = useState<CourseDto[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [doomed, setDoomed] = useState<CourseDto | null>(null);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    if (!admin) return;
    api<{ courses: CourseDto[] }>('/course/courses')
      .then(({ courses: list }) => setCourses(list))
      .catch((error: unknown) => setLoadError(errorText(error, 'Failed to load the courses')));
  }, [admin]);

  async function confirmDelete() {
    if (!doomed) return;
    setDeleting(true);
    try {
      const answer = await api<{ message: string }>(`/course/delete/${doomed._id}`, { method: 'DELETE' });
      setCourses((list) => (list ?? []).filter((c) => c._id !== doomed._id));
      toast.success(answer.message);
      setDoomed(null);
    } catch (error) {
      setDoomed(null);
      if (!handleSessionEnd(error)) toast.error(errorText(error, 'Error in deleting course'));
    } finally {
      setDeleting(false);
    }
  }

  return (
    <ListScreen admin={admin} title="Our Courses" link={counsellor ? null : { href: '/admin/create-course', label: 'Create Course' }}>
      {loadError ? (
        <p className="admin-status" role="alert">
          {loadError}
        </p>
      ) : null}
      {!courses && !loadError ? (
        <p className="admin-status" role="status">
          Loading...
        </p>
      ) : null}
      {courses && courses.length === 0 ? <p className="admin-status">No course posted yet by admin</p> : null}
      {courses && courses.length > 0 ? (
        <ul className="grid grid-3" style={{ listStyle: 'none', padding: 0 }}>
          {courses.map((course) => (
            <li key={course._id} className="card admin-course-card">
              {course.image.url ? <img src={course.image.url} alt="" loading="lazy" width={400} height={225} /> : null}
              <div className="admin-course-body">
                <h2>{course.title}</h2>
                <p className="muted">{truncate(course.description, DESCRIPTION_CUT.admin)}</p>
                <p className="admin-price">
                  <PriceTag course={course} />
                  {course.listPrice === null ? <span className="muted">No list price</span> : null}
                </p>
              </div>
              {counsellor ? null : (
                <div className="admin-course-actions">
                  <a className="btn btn-secondary btn-sm" href={`/admin/update-course/${course._id}`} aria-label={`Update ${course.title}`}>
                    Update
                  </a>
                  <button
                    type="button"
                    className="btn btn-danger btn-sm"
                    onClick={() => setDoomed(course)}
                    aria-label={`Delete ${course.title}`}
                  >
                    Delete
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <Dialog open={doomed !== null} onClose={() => !deleting && setDoomed(null)} title="Delete this course?">
        <p>
          <strong>{doomed?.title}</strong> will leave the catalogue. Learners who bought it keep it in their purchases.
        </p>
        <div className="admin-dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setDoomed(null)} disabled={deleting}>
            Cancel
          </button>
          <button type="button" className="btn btn-danger" onClick={confirmDelete} disabled={deleting}>
            {deleting ? 'Deleting...' : 'Delete'}
          </button>
        </div>
      </Dialog>
    </ListScreen>
  );
}
