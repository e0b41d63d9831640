// Public surface of @nimbus/client: the API call helper and error catalogue for the web app and CLI.
export {
  ABORT_MESSAGE,
  ApiError,
  type ApiErrorCode,
  type ApiErrorInit,
  NETWORK_ERROR_MESSAGE,
  UNEXPECTED_ERROR_MESSAGE,
} from './api-error';
export {
  CLIENT_ERRORS_PATH,
  type ClientErrorReport,
  createErrorReporter,
  type ErrorKind,
  MAX_STACK_CHARS,
} from './error-reporter';
export {
  createExposureQueue,
  type ExposureQueue,
  type StatsigBatch,
  type StatsigEvent,
  type StatsigExposure,
  type StatsigUser,
} from './exposures';
export {
  type ApiFetch,
  type ApiResponse,
  createFetcher,
  type FetcherOptions,
  REQUEST_ID_HEADER,
  type RequestOptions,
} from './fetcher';
export { type FetchFlagsOptions, type FlagsReply, fetchFlags } from './flags';
export { createLogger, type Logger } from './logger';
export { scopeLoginUrl, shouldRedirectForScope, TWO_FACTOR_PATH, twoFactorUrl } from './redirects';
export { shouldReportClientError, type ToastType, toastDefaultText } from './reporting';
export { clearLoggedInFlag, fetchSession, SESSION_PATH, type SessionReply } from './session';
export { type WaitForOptions, waitFor } from './wait-for';
