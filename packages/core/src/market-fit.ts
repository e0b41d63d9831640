// Market-fit score (docs/spec.md §5) deciding whether a visitor gets the sales-led demo popup.

/** 0 unknown, 1 sales-led, 2 product-led. */
export type MarketFit = 0 | 1 | 2;

export const COMPANY_SIZE_THRESHOLD = 499;

const SALES_LED_GRADES = new Set(['A', 'B']);
const PRODUCT_LED_GRADES = new Set(['A', 'B', 'C']);

export function marketFit(
  input: { grade?: string | null; employees?: number | null },
  threshold = COMPANY_SIZE_THRESHOLD,
): MarketFit {
  const grade = input.grade?.trim().toUpperCase() ?? '';
  const employees = input.employees ?? 0;
  if (employees > threshold && SALES_LED_GRADES.has(grade)) return 1;
  if (PRODUCT_LED_GRADES.has(grade)) return 2;
  return 0;
}

/** A `marketfit` query value forces the score, but never in production so visitors cannot game it. */
export function marketFitOverride(query: string | null | undefined, isProduction: boolean): MarketFit | null {
  if (isProduction) return null;
  if (query === '0' || query === '1' || query === '2') return Number(query) as MarketFit;
  return null;
}
