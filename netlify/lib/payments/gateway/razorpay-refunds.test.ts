import { describe, expect, it } from 'vitest';
import { fromRazorpayRefund } from './razorpay.ts';

describe("Razorpay's refund entity in our terms", () => {
  const entity = { id: 'rfnd_FS8TWyPrCsa0OB', entity: 'refund', amount: 50000, currency: 'INR', payment_id: 'pay_FPoJKWQQ8lK13n' };

  it('keeps pending, processed and failed; anything else is still pending', () => {
    for (const status of ['pending', 'processed', 'failed'] as const)
      expect(fromRazorpayRefund({ ...entity, status, receipt: 'rf_1' })).toEqual({
        id: 'rfnd_FS8TWyPrCsa0OB',
        paymentId: 'pay_FPoJKWQQ8lK13n',
        amountPaise: 50000,
        status,
        receipt: 'rf_1',
      });
    expect(fromRazorpayRefund({ ...entity, status: 'created' }).status).toBe('pending');
  });

  it('finds our refund id in the notes when the receipt is empty (Razorpay sends null or [] notes too)', () => {
    expect(fromRazorpayRefund({ ...entity, status: 'processed', receipt: null, notes: { refund: 'rf_2' } }).receipt).toBe('rf_2');
    expect(fromRazorpayRefund({ ...entity, status: 'processed', receipt: null, notes: [] }).receipt).toBeNull();
    expect(fromRazorpayRefund({ ...entity, status: 'processed', amount: '50000' }).amountPaise).toBe(50000);
  });
});
