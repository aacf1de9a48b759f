/**
 * The arithmetic of fee records, the same on page and server: amounts are counted in whole cents so
 * that sums and comparisons of decimal money never drift.
 */

export type PayState = 'unpaid' | 'partial' | 'paid';

/** An amount (a number, or a numeric column's text) in whole cents. */
export const toCents = (amount: number | string): number => Math.round(Number(amount) * 100);

/** Cents back to yuan (or the currency's unit) with two decimals at most. */
export const fromCents = (cents: number): number => cents / 100;

/** Whether a received amount has paid nothing, part or all of a total. */
export function payStateOf(totalCents: number, receivedCents: number): PayState {
  if (receivedCents <= 0) return 'unpaid';
  return receivedCents >= totalCents ? 'paid' : 'partial';
}

/** A published record not yet paid in full whose due date has passed is overdue. */
export function isOverdue(record: { state: 'draft' | 'published'; dueDate: string | null; outstandingCents: number }, today: string): boolean {
  return record.state === 'published' && record.outstandingCents > 0 && record.dueDate !== null && record.dueDate < today;
}

export interface FeeLine {
  appCountry: string;
  kind: 'official' | 'agency' | 'sundry';
  amount: number;
  currency: string;
}

/** What one record of a case bills: one country's fees in one currency. */
export interface FeeBill {
  countryCode: string;
  currency: string;
  officialCents: number;
  agencyCents: number;
  sundryCents: number;
}

/**
 * A case's fee lines as the bills its records hold: one per country and currency, in the order the
 * countries come; a country whose fees are all zero bills nothing.
 */
export function feeBills(lines: readonly FeeLine[]): FeeBill[] {
  const bills = new Map<string, FeeBill>();
  for (const line of lines) {
    const key = `${line.appCountry}\u0000${line.currency}`;
    const bill = bills.get(key) ?? { countryCode: line.appCountry, currency: line.currency, officialCents: 0, agencyCents: 0, sundryCents: 0 };
    const cents = toCents(line.amount);
    if (line.kind === 'official') bill.officialCents += cents;
    else if (line.kind === 'agency') bill.agencyCents += cents;
    else bill.sundryCents += cents;
    bills.set(key, bill);
  }
  return [...bills.values()].filter((b) => b.officialCents + b.agencyCents + b.sundryCents > 0);
}
