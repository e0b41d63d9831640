// Public surface of @nimbus/client: the API call helper and error catalogue for the web app and CLI.
export {
  ABORT_MESSAGE,
  ApiError,
  type ApiErrorInit,
  NETWORK_ERROR_MESSAGE,
  UNEXPECTED_ERROR_MESSAGE,
} from './api-error';
export { type ApiFetch, type ApiResponse, createFetcher, type FetcherOptions, type RequestOptions } from './fetcher';
export { scopeLoginUrl, shouldRedirectForScope, TWO_FACTOR_PATH, twoFactorUrl } from './redirects';
export { shouldReportClientError, type ToastType, toastDefaultText } from './reporting';
export { clearLoggedInFlag, fetchSession, SESSION_PATH, type SessionReply } from './session';
export { type WaitForOptions, waitFor } from './wait-for';
