// User-facing fallbacks and error-report sampling of docs/spec.md §8, shared by the web app and the CLI.

export type ToastType = 'error' | 'success' | 'warning';

const TOAST_DEFAULT_TEXT: Record<ToastType, string> = {
  error: 'An error occurred.',
  success: 'Success!',
  warning: 'Warning!',
};

/** Text shown by a toast that was raised without any. */
export function toastDefaultText(type: ToastType): string {
  return TOAST_DEFAULT_TEXT[type];
}

// Client errors are mostly validation noise; a 10% sample still reveals a broken form.
const CLIENT_ERROR_SAMPLE_RATE = 0.1;

/** Whether a failed call with this status should reach error reporting; about 90% of 4xx are dropped. */
export function shouldReportClientError(status: number, random: () => number = Math.random): boolean {
  if (status >= 400 && status <= 499) return random() < CLIENT_ERROR_SAMPLE_RATE;
  return true;
}
