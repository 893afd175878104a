import { describe, expect, it } from 'vitest';
import type { CourseDto } from '../../shared/course.ts';
import { coursePagePaths } from './paths.ts';

const entry = (id: string, courseId: string) => ({ id, data: { courseId } });
const course = (id: string, title = 'A course'): CourseDto =>
  ({ _id: id, title, description: 'What it covers.', price: 4999, listPrice: null, duration: '6 weeks', image: { url: '' } }) as CourseDto;

describe('the /course/{id} pages the build writes', () => {
  it('writes every landing page, and a page for each other course of the catalogue', () => {
    const paths = coursePagePaths([entry('da', 'aaa'), entry('sm', 'bbb')], [course('aaa'), course('ccc', 'Customer Success')]);
    expect(paths.map((p) => p.params.id)).toEqual(['aaa', 'bbb', 'ccc']);
    expect(paths[0]!.props).toEqual({ entry: entry('da', 'aaa'), others: [{ id: 'sm' }] });
    expect(paths[2]!.props).toEqual({ course: course('ccc', 'Customer Success') });
  });

  it('lets a landing page win over the catalogue course of the same id, and builds without a catalogue', () => {
    expect(coursePagePaths([entry('da', 'aaa')], [course('aaa')])).toHaveLength(1);
    expect(coursePagePaths([entry('da', 'aaa')], null).map((p) => 'entry' in p.props)).toEqual([true]);
  });
});
