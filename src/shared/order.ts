import { z } from 'zod';
import { checkoutResultShape } from './checkout.ts';
import { courseIdSchema, type CourseDto } from './course.ts';

/**
 * POST /api/v1/order: what the browser sends after the checkout hands back a payment. The server
 * checks that the order is one it opened for THIS learner and THIS course, then verifies it.
 */
export const coursePaymentSchema = z.object({ courseId: courseIdSchema, ...checkoutResultShape }).strict();
export type CoursePaymentInput = z.input<typeof coursePaymentSchema>;

/** What POST /api/v1/course/buy/{courseId} answers (docs/product.md, API: course, key, amount, orderId). */
export type CourseOrderAnswer = {
  course: { _id: string; title: string; description: string; price: number; duration: string; image: { url: string | null } };
  key: string;
  mode: 'live' | 'test' | 'sandbox';
  /** Integer paise, as the checkout expects. */
  amount: number;
  currency: 'INR';
  orderId: string;
  prefill: { name: string; email: string };
};

/** What POST /api/v1/order answers when the purchase is recorded (or was already). */
export type CoursePaymentAnswer = {
  message: string;
  status: 'success' | 'pending';
  orderId: string;
  paymentId: string;
  courseId: string;
};

export const ALREADY_PURCHASED = 'Already purchased';
export const PAYMENT_SUCCESSFUL = 'Payment Successful';

/** A tax invoice as the learner's screens link it: its number and the PDF download path. */
export type InvoiceLinkDto = { number: string; pdfUrl: string };

/** One entry of GET /api/v1/user/purchases (`courseData`). */
export type Purchase = CourseDto & {
  purchase: { orderId: string; paymentId: string; amount: number; paidAt: string; invoice: InvoiceLinkDto | null };
};
