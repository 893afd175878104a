/**
 * The course shop: orders at the database price, payment verification, the one purchase per
 * learner and course, the receipt email, and the learner's purchase list.
 */
import type { CourseDto } from '../../src/shared/course.ts';
import { paiseToRupees } from '../../src/shared/money.ts';
import type { Session } from './auth/session.ts';
import { toCourseDto } from './courses.ts';
import { db } from './db.ts';

export type Purchase = CourseDto & { purchase: { orderId: string; paymentId: string; amount: number; paidAt: string } };

/** The learner's paid courses, newest purchase first (archived courses stay: they were bought). */
export async function listPurchases(session: Pick<Session, 'accountId'>): Promise<Purchase[]> {
  const rows = await db()<{ id: string; title: string; description: string; price_paise: string; duration: string; image_id: string | null; gateway_order_id: string; payment_id: string; amount_paise: string; paid_at: Date }[]>`
    select c.id, c.title, c.description, c.price_paise, c.duration, c.image_id,
           o.gateway_order_id, o.payment_id, o.amount_paise, o.paid_at
    from course_orders o join courses c on c.id = o.course_id
    where o.account_id = ${session.accountId} and o.status = 'paid'
    order by o.paid_at desc, o.id desc`;
  return rows.map((row) => ({
    ...toCourseDto(row),
    purchase: { orderId: row.gateway_order_id, paymentId: row.payment_id, amount: paiseToRupees(Number(row.amount_paise)), paidAt: new Date(row.paid_at).toISOString() },
  }));
}
