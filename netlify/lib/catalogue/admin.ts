/**
 * Admin course management: create, update (the image is optional and kept when none is sent) and
 * delete. A course anything refers to (a purchase, an order still open) is archived instead of
 * destroyed: it leaves the catalogue, and every purchase keeps its course.
 */
import type { CourseDto } from '../../../src/shared/course.ts';
import { courseFormSchema, type CourseForm } from '../../../src/shared/catalogue.ts';
import { rupeesToPaise } from '../../../src/shared/money.ts';
import { COLUMNS, toCourseDto } from './courses.ts';
import { db, type Db, HttpError, parseWith } from '../platform/index.ts';
import { imageStore, processImage, readMultipart, type ProcessedImage } from '../images/index.ts';

const NOT_FOUND = 'Course not found';
const DEFAULT_DURATION = '5 months';

type CourseRow = Parameters<typeof toCourseDto>[0];

/** The original API names the update's file field `imageUrl`; `image` is accepted everywhere. */
const IMAGE_FIELDS = ['image', 'imageUrl'];

/**
 * Reads the multipart course form: text fields checked with the shared schema first (400), then
 * the image (413 too large, 415 not a JPEG/PNG/WebP), so nothing is processed for a bad form.
 */
export async function readCourseForm(
  request: Request,
  { imageRequired }: { imageRequired: boolean },
): Promise<{ form: CourseForm; image: ProcessedImage | undefined }> {
  const { fields, files } = await readMultipart(request);
  const fileFields = Object.keys(files).filter((name) => IMAGE_FIELDS.includes(name));
  const strayFiles = Object.keys(files).filter((name) => !IMAGE_FIELDS.includes(name));
  if (strayFiles.length)
    throw new HttpError(
      400,
      strayFiles.map((name) => `${name}: A file is not expected here`),
    );
  if (fileFields.length > 1) throw new HttpError(400, ['image: Send one image']);
  const textFields = Object.fromEntries(Object.entries(fields).filter(([name, value]) => !(IMAGE_FIELDS.includes(name) && value === '')));
  for (const name of IMAGE_FIELDS) if (name in textFields) throw new HttpError(400, [`image: Send the image as a file`]);
  const form = parseWith(courseFormSchema, textFields);
  const file = fileFields[0] ? files[fileFields[0]] : undefined;
  // Browsers send an empty file part when no file was chosen.
  const chosen = file && !(file.size === 0 && file.name === '') ? file : undefined;
  if (!chosen) {
    if (imageRequired) throw new HttpError(400, ['image: Choose a course image']);
    return { form, image: undefined };
  }
  return { form, image: await processImage(chosen) };
}

/** The form replaces the list price: absent or empty means none (no discount is shown). */
function listPricePaise(form: CourseForm): number | null {
  return form.listPrice === undefined ? null : rupeesToPaise(form.listPrice);
}

async function storeImage(image: ProcessedImage | undefined, tx: Db): Promise<void> {
  if (image) await imageStore().save(image, tx);
}

export async function createCourse(form: CourseForm, image: ProcessedImage): Promise<CourseDto> {
  await imageStore().stage?.(image);
  const row = await db().begin(async (tx) => {
    await storeImage(image, tx);
    const [created] = await tx<CourseRow[]>`
      insert into courses (title, description, price_paise, list_price_paise, duration, image_id)
      values (${form.title}, ${form.description}, ${rupeesToPaise(form.price)}, ${listPricePaise(form)},
        ${form.duration ?? DEFAULT_DURATION}, ${image.id})
      returning ${tx.unsafe(COLUMNS)}`;
    return created!;
  });
  return toCourseDto(row);
}

export async function updateCourse(id: string, form: CourseForm, image?: ProcessedImage): Promise<CourseDto> {
  const [exists] = await db()`select 1 from courses where id = ${id} and archived_at is null`;
  if (!exists) throw new HttpError(404, NOT_FOUND);
  if (image) await imageStore().stage?.(image);
  const row = await db().begin(async (tx) => {
    await storeImage(image, tx);
    const [updated] = await tx<CourseRow[]>`
      update courses set
        title = ${form.title},
        description = ${form.description},
        price_paise = ${rupeesToPaise(form.price)},
        list_price_paise = ${listPricePaise(form)},
        duration = coalesce(${form.duration ?? null}, duration),
        image_id = coalesce(${image?.id ?? null}, image_id),
        updated_at = now()
      where id = ${id} and archived_at is null
      returning ${tx.unsafe(COLUMNS)}`;
    return updated;
  });
  if (!row) throw new HttpError(404, NOT_FOUND);
  return toCourseDto(row);
}

/**
 * Every (table, column) that can point at a course: foreign keys to courses, plus any column
 * named course_id (in case a table refers to courses without a constraint). Read from the
 * catalogue each time, so tables added later are covered without a change here.
 */
async function courseReferences(tx: Db): Promise<{ tbl: string; col: string }[]> {
  return tx<{ tbl: string; col: string }[]>`
    select c.conrelid::regclass::text as tbl, quote_ident(a.attname) as col
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
    where c.contype = 'f' and c.confrelid = 'courses'::regclass and c.conrelid <> 'courses'::regclass
    union
    select quote_ident(t.table_schema) || '.' || quote_ident(t.table_name), quote_ident(col.column_name)
    from information_schema.columns col
    join information_schema.tables t on t.table_schema = col.table_schema and t.table_name = col.table_name
    where col.table_schema = current_schema() and col.column_name = 'course_id'
      and t.table_type = 'BASE TABLE' and t.table_name <> 'courses'`;
}

async function isReferenced(tx: Db, id: string): Promise<boolean> {
  for (const { tbl, col } of await courseReferences(tx)) {
    // Names come from the catalogue, quoted by Postgres; the id is a bound parameter.
    const [row] = await tx.unsafe<{ used: boolean }[]>(`select exists (select 1 from ${tbl} where ${col}::text = $1) as used`, [id]);
    if (row?.used) return true;
  }
  return false;
}

/** Deletes a course nobody refers to; archives one that is referenced. */
export async function deleteCourse(id: string): Promise<{ archived: boolean }> {
  return db().begin(async (tx) => {
    const [course] = await tx`select id from courses where id = ${id} and archived_at is null for update`;
    if (!course) throw new HttpError(404, NOT_FOUND);
    const archive = async () => {
      await tx`update courses set archived_at = now(), updated_at = now() where id = ${id}`;
      return { archived: true };
    };
    if (await isReferenced(tx, id)) return archive();
    try {
      await tx.savepoint((sp) => sp`delete from courses where id = ${id}`);
      return { archived: false };
    } catch (error) {
      // A reference the check could not see (foreign_key_violation): keep the row, archive it.
      if ((error as { code?: string }).code === '23503') return archive();
      throw error;
    }
  });
}
