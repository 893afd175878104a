import { z } from 'zod';
import { checkoutResultShape } from './checkout.ts';
import { codeInputSchema } from './codes.ts';
import { courseIdSchema } from './catalogue.ts';
import { batchIdSchema } from './cohorts.ts';
import type { CourseDto } from './course.ts';
import { touchFields } from './tracking.ts';

/**
 * POST /api/v1/course/buy/{courseId}: the buyer's touches (attribution), an optional code and the
 * batch chosen at checkout (required while the course has open batches), never the price.
 */
export const courseBuySchema = z.object({ ...touchFields, code: codeInputSchema.optional(), batchId: z.optional(batchIdSchema) });

/**
 * POST /api/v1/order: what the browser sends after the checkout hands back a payment. The server
 * checks that the order is one it opened for THIS learner and THIS course, then verifies it.
 */
export const coursePaymentSchema = z.object({ courseId: courseIdSchema, ...checkoutResultShape }).strict();
export type CoursePaymentInput = z.input<typeof coursePaymentSchema>;

type OrderedCourse = { _id: string; title: string; description: string; price: number; duration: string; image: { url: string | null } };

/** The price with a code (integer paise): list, discount, what is charged. */
export type CodePricing = { code: string; listPaise: number; discountPaise: number; totalPaise: number };

/**
 * What POST /api/v1/course/buy/{courseId} answers (docs/product.md, API: course, key, amount, orderId).
 * A code that makes it free completes the purchase at once: `paid: true`, no checkout fields.
 */
export type CourseOrderAnswer = CourseCheckoutAnswer | CourseFreeAnswer;

export type CourseFreeAnswer = {
  paid: true;
  course: OrderedCourse;
  amount: 0;
  orderId: string;
  paymentId: string;
  discount: CodePricing;
};

export type CourseCheckoutAnswer = {
  paid?: undefined;
  course: OrderedCourse;
  /** Set when a code was applied. */
  discount?: CodePricing;
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
  purchase: {
    orderId: string;
    paymentId: string;
    amount: number;
    paidAt: string;
    invoice: InvoiceLinkDto | null;
    /** The discount or scholarship code it was bought with, if any. */
    discountCode?: string | null;
  };
};
