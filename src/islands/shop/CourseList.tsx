import { useEffect, useMemo, useState } from 'react';
import { api } from '../../lib/api.ts';
import type { CourseDto } from '../../shared/course.ts';
import { CARD_IMAGE_SIZES, imageSrcset } from '../../shared/images.ts';
import { DESCRIPTION_CUT, truncate } from '../../shared/text.ts';
import { LABELS } from './labels.ts';
import { PriceTag } from './PriceTag.tsx';
import { useEarlyInput } from '../ui/useEarlyInput.ts';
import './courses.css';

type Props = { initial?: CourseDto[] | null };

/** Case-insensitive match over title and description. */
export function matches(course: Pick<CourseDto, 'title' | 'description'>, query: string): boolean {
  const q = query.trim().toLowerCase();
  return !q || course.title.toLowerCase().includes(q) || course.description.toLowerCase().includes(q);
}

/**
 * /courses: the catalogue with a search box that filters as you type. The build may hand over
 * the list it saw (shown at once, also without JavaScript); the island then loads the current one.
 * With a prebuilt list the island comes alive on the first interaction (client:interaction), and
 * takes over what was typed in the search box by then.
 */
export default function CourseList({ initial = null }: Props) {
  const [courses, setCourses] = useState<CourseDto[] | null>(initial);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState('');
  const { formProps } = useEarlyInput({ q: '' }, (early) => setQuery(typeof early['q'] === 'string' ? early['q'] : ''));

  useEffect(() => {
    const controller = new AbortController();
    api<{ courses: CourseDto[] }>('/course/courses', { signal: controller.signal })
      .then((answer) => setCourses(answer.courses))
      .catch((error: unknown) => {
        if ((error as Error).name === 'AbortError') return;
        // A failed catalogue fetch is only logged (docs/product.md, Errors); a list we already have stays.
        console.warn('course list could not be loaded', error);
        setFailed(true);
      });
    return () => controller.abort();
  }, []);

  const shown = useMemo(() => (courses ?? []).filter((c) => matches(c, query)), [courses, query]);

  return (
    <div className="shop-courses">
      <form {...formProps} method="get" className="shop-search" role="search" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="course-search" className="sr-only">
          Search courses
        </label>
        <input
          id="course-search"
          className="input"
          type="search"
          placeholder="Search courses"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          autoComplete="off"
          enterKeyHint="search"
          name="q"
        />
      </form>
      {courses === null ? (
        <p className="shop-state" role="status">
          {failed ? LABELS.noCourses : LABELS.loading}
        </p>
      ) : courses.length === 0 ? (
        <p className="shop-state">{LABELS.noCourses}</p>
      ) : shown.length === 0 ? (
        <p className="shop-state" role="status">
          {LABELS.noMatch(query.trim())}
        </p>
      ) : (
        <>
          <p className="sr-only" role="status">
            {query.trim() ? `${shown.length} of ${courses.length} courses shown` : ''}
          </p>
          <ul className="shop-grid" aria-label="Courses">
            {shown.map((course, index) => (
              <li key={course._id} className="card shop-card">
                {course.image.url ? (
                  <img
                    src={course.image.url}
                    srcSet={imageSrcset(course.image.url)}
                    sizes={CARD_IMAGE_SIZES}
                    alt=""
                    width={800}
                    height={450}
                    loading={index === 0 ? 'eager' : 'lazy'}
                    fetchPriority={index === 0 ? 'high' : undefined}
                    decoding={index === 0 ? undefined : 'async'}
                  />
                ) : (
                  <div className="shop-card-noimage" aria-hidden="true" />
                )}
                <div className="shop-card-body">
                  <h2 className="shop-card-title">
                    <a href={`/course/${course._id}`}>{course.title}</a>
                  </h2>
                  <p className="shop-card-desc">{truncate(course.description, DESCRIPTION_CUT.list)}</p>
                  <p className="shop-price">
                    <PriceTag course={course} />
                  </p>
                  <a className="btn btn-primary btn-block" href={`/buy/${course._id}`} aria-label={`${LABELS.buyNow}: ${course.title}`}>
                    {LABELS.buyNow}
                  </a>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
