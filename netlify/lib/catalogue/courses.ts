import type { CourseDto } from '../../../src/shared/course.ts';
import { paiseToRupees } from '../../../src/shared/money.ts';
import { db, type Db } from '../platform/index.ts';
import { imageStore } from '../images/index.ts';

type CourseRow = {
  id: string;
  title: string;
  description: string;
  price_paise: string | number;
  /** Optional: rows read for purchases leave it out (a purchase shows what was paid). */
  list_price_paise?: string | number | null;
  duration: string;
  image_id: string | null;
};

/** The columns a CourseDto is made from (a constant, so safe to splice into SQL). */
export const COLUMNS = 'id, title, description, price_paise, list_price_paise, duration, image_id';

export function toCourseDto(row: CourseRow): CourseDto {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    price: paiseToRupees(Number(row.price_paise)),
    listPrice: row.list_price_paise == null ? null : paiseToRupees(Number(row.list_price_paise)),
    duration: row.duration,
    image: { url: row.image_id ? imageStore().url(row.image_id) : null },
  };
}

/**
 * The catalogue as visitors see it: every course not archived, oldest first (the fixed five lead).
 * The build passes its own client: reading the catalogue needs only the database, not the
 * functions' runtime configuration.
 */
export async function listCourses(sql: Db = db()): Promise<CourseDto[]> {
  const rows = await sql<CourseRow[]>`
    select ${sql.unsafe(COLUMNS)}
    from courses where archived_at is null order by created_at, id`;
  return rows.map(toCourseDto);
}

/** One listed course, or null. */
export async function getCourse(id: string): Promise<CourseDto | null> {
  const sql = db();
  const [row] = await sql<CourseRow[]>`
    select ${sql.unsafe(COLUMNS)}
    from courses where id = ${id} and archived_at is null`;
  return row ? toCourseDto(row) : null;
}
