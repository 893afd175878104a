/**
 * POST /codes/preview: the price a visitor would pay with a code, at the server's list price.
 * Limited per address (30 an hour) so codes cannot be found by trying many.
 */
import { rupeesToPaise } from '../../../src/shared/money.ts';
import type { CodePreviewAnswer, FeeCodePreviewAnswer } from '../../../src/shared/codes.ts';
import { FEE_OPTIONS, presetFee } from '../../../src/shared/registration.ts';
import { getCourse } from '../catalogue/index.ts';
import { db, HttpError, rateLimit } from '../platform/index.ts';
import { supplier, amountToCharge } from '../invoices/index.ts';
import type { CodeTarget } from './rules.ts';
import { previewCode } from './store.ts';

const ENTER_CODE = 'code: Enter a code';
export const CUSTOM_AMOUNT_NO_CODE = 'code: Codes apply to the listed fees, not a custom amount';

/** The charged (GST setting applied) price of a target, before any code. */
export async function listPriceOf(target: CodeTarget): Promise<number> {
  switch (target.kind) {
    case 'course': {
      const course = await getCourse(target.courseId);
      if (!course) throw new HttpError(404, 'Course not found');
      return amountToCharge(rupeesToPaise(course.price), supplier());
    }
    case 'registration-fee': {
      if (target.feeOption === 'custom') throw new HttpError(400, [CUSTOM_AMOUNT_NO_CODE]);
      const fee = presetFee(target.feeOption);
      if (!fee) throw new HttpError(400, ['target: Unknown fee option']);
      return amountToCharge(rupeesToPaise(fee.rupees), supplier());
    }
    case 'plan': {
      // The fee plans' view (codes may not import instalments: instalments imports codes).
      const parts = await db()<{ amount_paise: string }[]>`
        select amount_paise from active_plan_parts where plan_id = ${target.planId}`;
      if (parts.length === 0) throw new HttpError(404, 'Plan not found');
      return parts.reduce((sum, part) => sum + amountToCharge(Number(part.amount_paise), supplier()), 0);
    }
  }
}

export async function previewForVisitor(
  input: { code: string; target: CodeTarget },
  email: string | null,
  ip: string,
): Promise<CodePreviewAnswer> {
  if (!input.code) throw new HttpError(400, [ENTER_CODE]);
  await rateLimit({ bucket: 'code-preview', key: ip, limit: 30, windowSeconds: 3600 });
  const listPaise = await listPriceOf(input.target);
  const price = await previewCode({ code: input.code, email, target: input.target, listPaise });
  return {
    code: price.code ?? '',
    description: price.description,
    listPaise: price.listPaise,
    discountPaise: price.discountPaise,
    totalPaise: price.totalPaise,
  };
}

/** The code against every listed fee (the /information fee menu): the options it applies to, or the reason. */
export async function previewFeesForVisitor(code: string, ip: string): Promise<FeeCodePreviewAnswer> {
  if (!code) throw new HttpError(400, [ENTER_CODE]);
  await rateLimit({ bucket: 'code-preview', key: ip, limit: 30, windowSeconds: 3600 });
  const options: FeeCodePreviewAnswer['options'] = [];
  let description = '';
  let normalised = '';
  let firstRefusal: unknown = null;
  for (const fee of FEE_OPTIONS) {
    const listPaise = amountToCharge(rupeesToPaise(fee.rupees), supplier());
    try {
      const price = await previewCode({ code, email: null, target: { kind: 'registration-fee', feeOption: fee.id }, listPaise });
      options.push({ feeOption: fee.id, listPaise, discountPaise: price.discountPaise, totalPaise: price.totalPaise });
      description = price.description;
      normalised = price.code ?? '';
    } catch (error) {
      firstRefusal ??= error;
    }
  }
  if (options.length === 0) throw firstRefusal;
  return { code: normalised, description, options };
}
