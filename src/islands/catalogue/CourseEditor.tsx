import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { api, errorText } from '../../lib/api.ts';
import { courseFormSchema, courseIdSchema, IMAGE_MAX_BYTES, IMAGE_TYPES } from '../../shared/catalogue.ts';
import type { CourseDto } from '../../shared/course.ts';
import { Field, FormError, SubmitButton } from '../ui/Field.tsx';
import { Toasts, toast } from '../ui/Toasts.tsx';
import { useForm } from '../ui/useForm.ts';
import { setFlash } from '../../lib/flash.ts';
import { handleSessionEnd, useAdmin } from '../admin/session.ts';
import '../admin/admin.css';

type Mode = 'create' | 'update';
const EMPTY = { title: '', description: '', price: '', listPrice: '', duration: '5 months' };
const SUCCESS: Record<Mode, string> = { create: 'Course created successfully', update: 'Course updated successfully' };

function imageProblem(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'Upload a JPEG, PNG or WebP image';
  if (file.size > IMAGE_MAX_BYTES) return 'The image must be at most 4 MB';
  return null;
}

/** The course id of /admin/update-course/{id} (one shell page serves every id). */
function idFromPath(): string | null {
  const last = window.location.pathname.split('/').filter(Boolean).pop() ?? '';
  const parsed = courseIdSchema.safeParse(last);
  return parsed.success ? parsed.data : null;
}

/** /admin/create-course and /admin/update-course/{id}: title, description, price, list price, duration, image with preview. */
export default function CourseEditor({ mode }: { mode: Mode }) {
  // The create screen redirects at once; the update screen says "Please login to admin" first.
  const admin = useAdmin({ announce: mode === 'update' });
  const form = useForm(courseFormSchema, EMPTY);
  const { bind, errors } = form;
  const [courseId, setCourseId] = useState<string | null>(null);
  const [loading, setLoading] = useState(mode === 'update');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!admin || mode !== 'update') return;
    const id = idFromPath();
    if (!id) {
      setLoading(false);
      setLoadError('This course address is not valid.');
      toast.error('Failed to fetch course data');
      return;
    }
    setCourseId(id);
    const controller = new AbortController();
    api<{ course: CourseDto }>(`/course/${id}`, { signal: controller.signal })
      .then(({ course }) => {
        form.setValues({
          title: course.title,
          description: course.description,
          price: String(course.price),
          listPrice: course.listPrice === null ? '' : String(course.listPrice),
          duration: course.duration,
        });
        setPreview(course.image.url);
        setLoading(false);
      })
      .catch((error: unknown) => {
        if ((error as Error).name === 'AbortError') return;
        setLoading(false);
        setLoadError(errorText(error, 'Failed to fetch course data'));
        toast.error('Failed to fetch course data');
      });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loads when the course or mode changes, not when the form's values do
  }, [admin, mode]);

  useEffect(
    () => () => {
      if (preview?.startsWith('blob:')) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  function chooseImage(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    form.setErrors((e) => ({ ...e, image: '' }));
    if (!chosen) {
      setFile(null);
      return;
    }
    const problem = imageProblem(chosen);
    setImageError(problem);
    if (problem) {
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
  }

  const save = form.handleSubmit(
    async (data) => {
      if (mode === 'create' && !file) {
        setImageError('Choose a course image');
        return;
      }
      const body = new FormData();
      body.append('title', data.title);
      body.append('description', data.description);
      body.append('price', String(data.price));
      body.append('listPrice', data.listPrice === undefined ? '' : String(data.listPrice));
      body.append('duration', data.duration ?? '');
      if (file) body.append('image', file);
      try {
        const answer = await api<{ message: string }>(mode === 'create' ? '/course/create' : `/course/update/${courseId}`, {
          method: mode === 'create' ? 'POST' : 'PUT',
          form: body,
        });
        setFlash({ kind: 'success', message: answer.message || SUCCESS[mode] });
        window.location.assign('/admin/our-courses');
      } catch (error) {
        if (handleSessionEnd(error)) return;
        toast.error(errorText(error, mode === 'create' ? 'Course could not be created' : 'Course could not be updated'));
        throw error;
      }
    },
    mode === 'create' ? 'Course could not be created' : 'Course could not be updated',
  );

  function onSubmit(event: FormEvent) {
    if (mode === 'create' && !file) setImageError('Choose a course image');
    return save(event);
  }

  if (!admin) return <Toasts />;
  const shownImageError = errors.image || imageError || undefined;
  return (
    <>
      <Toasts />
      <div className="admin-head">
        <h1>{mode === 'create' ? 'Create Course' : 'Update Course'}</h1>
        <a className="btn btn-ghost" href="/admin/our-courses">
          Our Courses
        </a>
      </div>
      {loading ? (
        <p className="admin-status" role="status">
          Loading...
        </p>
      ) : null}
      {loadError ? (
        <p className="admin-status" role="alert">
          {loadError}
        </p>
      ) : null}
      {!loading && !loadError ? (
        <form className="admin-form card" noValidate onSubmit={onSubmit} aria-label={mode === 'create' ? 'Create course' : 'Update course'}>
          <FormError message={form.generalError} />
          <Field label="Title" error={errors.title} required>
            <input {...bind('title')} type="text" maxLength={200} />
          </Field>
          <Field label="Description" error={errors.description} required>
            <textarea {...bind('description')} rows={6} maxLength={5000} />
          </Field>
          <Field label="Price (₹)" error={errors.price} required hint="In rupees, more than 0">
            <input {...bind('price')} type="number" inputMode="decimal" min="0.01" step="0.01" />
          </Field>
          <Field
            label="List price (₹)"
            error={errors.listPrice}
            hint="Only a real price the course is usually sold at, above the price: shown struck through with the saving as “N% off”. Leave empty for no discount."
          >
            <input {...bind('listPrice')} type="number" inputMode="decimal" min="0.01" step="0.01" />
          </Field>
          <Field label="Duration" error={errors.duration} hint="For example: 5 months">
            <input {...bind('duration')} type="text" maxLength={100} />
          </Field>
          <Field
            label="Image"
            error={shownImageError}
            required={mode === 'create'}
            hint={
              mode === 'create'
                ? 'JPEG, PNG or WebP, at most 4 MB'
                : 'JPEG, PNG or WebP, at most 4 MB. Leave empty to keep the current image'
            }
          >
            <input ref={fileInput} name="image" type="file" accept={IMAGE_TYPES.join(',')} onChange={chooseImage} />
          </Field>
          {preview ? <img className="admin-preview" src={preview} alt="Preview of the course image" /> : null}
          <SubmitButton submitting={form.submitting} busyLabel="Saving...">
            {mode === 'create' ? 'Create Course' : 'Update Course'}
          </SubmitButton>
        </form>
      ) : null}
    </>
  );
}
