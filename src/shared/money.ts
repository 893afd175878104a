/**
 * Money is held as integer paise everywhere; rupees exist only at the edges (forms, API `price`,
 * display). One formatter for the whole site.
 */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

export function paiseToRupees(paise: number): number {
  return paise / 100;
}

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 2 });
const eur = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** "₹2,49,000" or "₹1,51,570.50": Indian digit grouping, paise shown only when there are any. */
export function formatPaise(paise: number): string {
  const formatted = inr.format(paiseToRupees(paise));
  return paise % 100 === 0 ? formatted : inr.format(paiseToRupees(paise)).replace(/\.(\d)$/, '.$10');
}

export function formatRupees(rupees: number): string {
  return formatPaise(rupeesToPaise(rupees));
}

export function formatEuros(euros: number): string {
  return eur.format(euros);
}
