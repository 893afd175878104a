import { useEffect, useState } from 'react';
import { api, ApiError } from '../../lib/api.ts';
import type { CourseDto } from '../../shared/course.ts';
import { COURSE_ID, idFromPath } from '../accounts/guard.ts';
import { LABELS } from './labels.ts';
import { PriceTag } from './PriceTag.tsx';

type State = { kind: 'loading' } | { kind: 'ready'; course: CourseDto } | { kind: 'missing' } | { kind: 'error' };

/** /course/{id} for any course without a landing page of its own: the shell page loads it here. */
export default function CourseView() {
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    const id = idFromPath();
    if (!COURSE_ID.test(id)) {
      setState({ kind: 'missing' });
      return;
    }
    api<{ course: CourseDto }>(`/course/${id}`)
      .then(({ course }) => {
        setState({ kind: 'ready', course });
        document.title = `${course.title} | Aspira`;
      })
      .catch((error: unknown) =>
        setState(error instanceof ApiError && (error.status === 404 || error.status === 400) ? { kind: 'missing' } : { kind: 'error' }),
      );
  }, []);

  if (state.kind === 'loading') {
    return (
      <p className="shop-state" role="status">
        {LABELS.loading}
      </p>
    );
  }
  if (state.kind === 'missing' || state.kind === 'error') {
    return (
      <div className="shop-empty" role="alert">
        <h1>{state.kind === 'missing' ? LABELS.courseNotFound : 'This course could not be loaded'}</h1>
        <p>{state.kind === 'missing' ? 'This course does not exist or is no longer offered.' : 'Check your connection and try again.'}</p>
        <a className="btn btn-primary" href="/courses">
          See all courses
        </a>
      </div>
    );
  }
  const { course } = state;
  return (
    <article className="course-view">
      {course.image.url ? <img className="course-view-image" src={course.image.url} alt="" width={800} height={450} /> : null}
      <div className="course-view-body">
        <h1>{course.title}</h1>
        <p className="course-view-meta">
          <span>
            <span className="muted">Duration</span> <strong>{course.duration}</strong>
          </span>
          <span>
            <span className="muted">Fee</span> <PriceTag course={course} />
          </span>
        </p>
        <p className="course-view-desc">{course.description}</p>
        <a className="btn btn-primary btn-lg" href={`/buy/${course._id}`}>
          {LABELS.enrollNow}
        </a>
      </div>
    </article>
  );
}
