/**
 * What /buy/{id} needs before anyone can pay: the course, whether this learner already has it, the
 * billing details of their last purchase and the course's open batches. Asked once per page view: the page's summary script
 * (buy-summary.ts, after the first paint) and the form (BuyCourse.tsx, on the first interaction)
 * share the one answer, whichever asks first.
 */
import { api, ApiError, errorText } from '../../lib/api.ts';
import { setFlash } from '../../lib/flash.ts';
import type { CourseDto } from '../../shared/course.ts';
import type { Purchase } from '../../shared/order.ts';
import { COURSE_ID, handleExpired, idFromPath } from '../accounts/guard.ts';
import type { CourseBatchesAnswer, PublicBatch } from '../../shared/cohorts.ts';
import { LABELS } from './labels.ts';

export type SavedBilling = { state: string | null; gstin: string | null; businessName: string | null };
export type BuyData =
  /** `batches`: the course's open batches, one of which the buyer chooses (none: no choice to make). */
  | { kind: 'ready'; course: CourseDto; billing: SavedBilling; batches: PublicBatch[] }
  | { kind: 'error'; message: string }
  /** Already bought, or the session ended: the page is on its way elsewhere. */
  | { kind: 'leaving' };

let loading: Promise<BuyData> | undefined;

/** "Already purchased": said on /purchases, where the visitor goes. */
export function alreadyPurchased(): BuyData {
  setFlash({ kind: 'error', message: LABELS.alreadyPurchased });
  location.replace('/purchases');
  return { kind: 'leaving' };
}

async function fetchBuyData(): Promise<BuyData> {
  const id = idFromPath();
  if (!COURSE_ID.test(id)) return { kind: 'error', message: LABELS.courseNotFound };
  try {
    const [{ course }, { courseData }, saved, open] = await Promise.all([
      api<{ course: CourseDto }>(`/course/${id}`),
      api<{ courseData: Purchase[] }>('/user/purchases'),
      api<{ billing: SavedBilling }>('/billing'),
      // Without the list the buyer still pays; the server then names what is missing (a batch to choose).
      api<CourseBatchesAnswer>(`/course/${id}/batches`).catch((): CourseBatchesAnswer => ({ batches: [] })),
    ]);
    if (courseData.some((p) => p._id === course._id)) return alreadyPurchased();
    return { kind: 'ready', course, billing: saved.billing, batches: open.batches };
  } catch (error) {
    if (handleExpired(error)) return { kind: 'leaving' };
    const notFound = error instanceof ApiError && error.status === 404;
    return { kind: 'error', message: notFound ? LABELS.courseNotFound : errorText(error, LABELS.buyError) };
  }
}

export function loadBuyData(): Promise<BuyData> {
  loading ??= fetchBuyData();
  return loading;
}
