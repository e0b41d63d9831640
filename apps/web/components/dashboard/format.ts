// Dates in the dashboard: one fixed locale and UTC, so the server-rendered text and the hydrated
// text are identical (a locale or zone mismatch would make React re-render the whole list).
const DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

export function formatDate(ms: number): string {
  return DATE.format(new Date(ms));
}

/** "Never" for a missing timestamp, such as a token that was never used or never expires. */
export function formatOptionalDate(ms: number | null | undefined, missing = 'Never'): string {
  return ms ? formatDate(ms) : missing;
}
