/**
 * Money is held as integer paise everywhere; rupees exist only at the edges (forms, API `price`,
 * display). One formatter for the whole site; CSV exports keep plain numbers for spreadsheets.
 */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

export function paiseToRupees(paise: number): number {
  return paise / 100;
}

const inrWhole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const inrPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const eur = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 0, maximumFractionDigits: 2 });

/**
 * "₹2,49,000" or "₹1,51,570.50": Indian digit grouping, paise shown only when there are any. Every
 * amount the site shows (pages, islands, emails, the admin inbox) is written by this function.
 */
export function formatPaise(paise: number): string {
  const whole = Math.round(paise);
  return (whole % 100 === 0 ? inrWhole : inrPaise).format(paiseToRupees(whole));
}

export function formatRupees(rupees: number): string {
  return formatPaise(rupeesToPaise(rupees));
}

export function formatEuros(euros: number): string {
  return eur.format(euros);
}

/** A fee as src/content writes it: a plain number in its currency. */
export type Money = { amount: number; currency: 'INR' | 'EUR' };

/** "₹2,99,000" or "€1,500": every fee of the content pages (and their preview in the content editor) goes through here. */
export function formatMoney(money: Money): string {
  return money.currency === 'EUR' ? formatEuros(money.amount) : formatRupees(money.amount);
}
