// The error vocabulary lives in @nimbus/core (errors.ts), where every layer and the browser reach it;
// the database package re-exports it for the queries and for callers that already import it here.
export {
  DomainError,
  describeError,
  ERROR_STATUS,
  type ErrorCode,
  errorEnvelope,
  forbidden,
  inputErrorCode,
  isDatabaseError,
  notFound,
} from '@nimbus/core';
