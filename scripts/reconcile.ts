/**
 * The daily reconciliation, now, for a range of India days (as the 03:00 IST schedule does for
 * yesterday): `npm run reconcile -- --from 2026-11-20 --to 2026-11-25` (default: yesterday; `--to`
 * defaults to `--from`). Prints each day's outcome and every difference; exits 1 when a day does
 * not match. Uses DATABASE_URL, or the embedded database (the running one of `npm start`, else the
 * local files), and the gateway this configuration selects (Razorpay keys, else the sandbox).
 */
import { parseArgs } from 'node:util';
import { migrate, openLocalDatabase } from './lib/database.ts';

const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });

const database = await openLocalDatabase();
process.env.DATABASE_URL = database.url;
let exitCode = 0;
try {
  await migrate(database.url);
  const { reconcileRange, yesterdayIst } = await import('../netlify/lib/operations/index.ts');
  const { reconcileRangeSchema, MISMATCH_LABELS } = await import('../src/shared/operations.ts');
  const { formatPaise } = await import('../src/shared/money.ts');
  const from = values.from ?? yesterdayIst();
  const range = reconcileRangeSchema.safeParse({ from, to: values.to ?? from });
  if (!range.success) {
    console.error(range.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n'));
    exitCode = 2;
  } else {
    for (const day of await reconcileRange(range.data)) {
      const money = `gateway ${formatPaise(day.gatewayCapturedPaise)} captured, ${formatPaise(day.gatewayRefundedPaise)} refunded; here ${formatPaise(day.recordedCapturedPaise)} and ${formatPaise(day.recordedRefundedPaise)}`;
      console.log(
        `${day.day} (${day.gatewayMode}): ${day.status}, ${day.paymentsChecked} payments and ${day.refundsChecked} refunds checked; ${money}`,
      );
      for (const m of day.mismatches) {
        const amounts = [m.gatewayPaise, m.recordedPaise].map((p) => (p === null ? '-' : formatPaise(p))).join(' there / ');
        console.log(
          `  ${MISMATCH_LABELS[m.kind]}: ${m.id}${m.paymentId && m.paymentId !== m.id ? ` (payment ${m.paymentId})` : ''}: ${amounts} here`,
        );
      }
      if (day.status !== 'clean') exitCode = 1;
    }
  }
} finally {
  const { closeDb } = await import('../netlify/lib/platform/index.ts');
  await closeDb();
  await database.stop();
}
process.exit(exitCode);
