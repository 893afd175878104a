import { describe, expect, it } from 'vitest';
import { compareDay, type DayBooks } from './reconcile-compare.ts';

const books = (over: Partial<DayBooks>): DayBooks => ({
  listedPayments: [],
  recordedPayments: [],
  fetchedPayments: new Map(),
  listedRefunds: [],
  recordedRefunds: [],
  fetchedRefunds: new Map(),
  ...over,
});

describe('compareDay', () => {
  it('is clean when both books agree, and ignores attempts that were never captured', () => {
    const result = compareDay(
      books({
        listedPayments: [
          { id: 'pay_1', amountPaise: 250000, status: 'captured' },
          { id: 'pay_2', amountPaise: 99900, status: 'failed' },
          { id: 'pay_3', amountPaise: 50000, status: 'refunded' },
        ],
        recordedPayments: [
          { paymentId: 'pay_1', amountPaise: 250000, inDay: true },
          { paymentId: 'pay_3', amountPaise: 50000, inDay: true },
        ],
        listedRefunds: [{ id: 'rfnd_1', paymentId: 'pay_3', amountPaise: 50000, status: 'processed' }],
        recordedRefunds: [{ refundId: 'rfnd_1', paymentId: 'pay_3', amountPaise: 50000, status: 'processed', inDay: true }],
      }),
    );
    expect(result).toEqual({
      mismatches: [],
      paymentsChecked: 2,
      refundsChecked: 1,
      gatewayCapturedPaise: 300000,
      recordedCapturedPaise: 300000,
      gatewayRefundedPaise: 50000,
      recordedRefundedPaise: 50000,
    });
  });

  it('finds each kind of difference, both ways', () => {
    const result = compareDay(
      books({
        listedPayments: [
          { id: 'pay_missing', amountPaise: 1000, status: 'captured' },
          { id: 'pay_amount', amountPaise: 2000, status: 'captured' },
        ],
        recordedPayments: [
          { paymentId: 'pay_amount', amountPaise: 2500, inDay: true },
          { paymentId: 'pay_ghost', amountPaise: 3000, inDay: true },
          { paymentId: 'pay_yesterday', amountPaise: 4000, inDay: true },
        ],
        // Created the day before at the gateway, captured today: fetched one by one.
        fetchedPayments: new Map([
          ['pay_ghost', null],
          ['pay_yesterday', { id: 'pay_yesterday', amountPaise: 4000, status: 'captured' }],
        ]),
        listedRefunds: [
          { id: 'rfnd_lost', paymentId: 'pay_x', amountPaise: 500, status: 'processed' },
          { id: 'rfnd_failed_there', paymentId: 'pay_y', amountPaise: 600, status: 'failed' },
          { id: 'rfnd_failed_only_there', paymentId: 'pay_z', amountPaise: 700, status: 'failed' },
        ],
        recordedRefunds: [
          { refundId: 'rfnd_failed_there', paymentId: 'pay_y', amountPaise: 600, status: 'processed', inDay: true },
          { refundId: 'rfnd_never', paymentId: 'pay_w', amountPaise: 800, status: 'processed', inDay: true },
          { refundId: 'rfnd_duplicate', paymentId: 'pay_v', amountPaise: 900, status: 'requested', inDay: true },
        ],
        fetchedRefunds: new Map([
          ['rfnd_never', null],
          ['rfnd_duplicate', { id: 'rfnd_duplicate', paymentId: 'pay_v', amountPaise: 900, status: 'pending' }],
        ]),
      }),
    );
    expect(result.mismatches.map((m) => `${m.kind} ${m.id}`)).toEqual([
      'payment-missing-here pay_missing',
      'payment-amount pay_amount',
      'payment-missing-at-gateway pay_ghost',
      'refund-missing-here rfnd_lost',
      'refund-status rfnd_failed_there',
      'refund-missing-at-gateway rfnd_never',
    ]);
    expect(result.mismatches[1]).toMatchObject({ gatewayPaise: 2000, recordedPaise: 2500 });
  });

  it('calls a refund still pending on both sides in flight, not a difference', () => {
    const pending = { id: 'r', paymentId: 'p', amountPaise: 1, status: 'pending' as const };
    const ours = { refundId: 'r', paymentId: 'p', amountPaise: 1, inDay: true };
    expect(compareDay(books({ listedRefunds: [pending], recordedRefunds: [{ ...ours, status: 'pending' }] })).mismatches).toEqual([]);
    expect(compareDay(books({ listedRefunds: [pending], recordedRefunds: [{ ...ours, status: 'processed' }] })).mismatches).toHaveLength(1);
    const processed = { ...pending, status: 'processed' as const };
    expect(compareDay(books({ listedRefunds: [processed], recordedRefunds: [{ ...ours, status: 'pending' }] })).mismatches).toHaveLength(1);
  });
});
