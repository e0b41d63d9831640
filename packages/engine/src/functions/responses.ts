// The pages a function request gets when the function itself could not answer: it ran past its
// maxDuration (504) or it failed (500). They carry Vercel's error codes and the request id, so a user
// can find the request's logs; JSON for clients that ask for JSON, HTML (the edge's page) otherwise.
import { Readable } from 'node:stream';
import { errorEnvelope } from '@nimbus/core';
import { escapeHtml, page } from '../edge/responses';

export type FunctionErrorCode = 'FUNCTION_INVOCATION_TIMEOUT' | 'FUNCTION_INVOCATION_FAILED';

export interface FunctionResponse {
  status: number;
  headers: [string, string][];
  body: Readable;
  requestId: string;
  cold: boolean;
}

const TITLES: Record<FunctionErrorCode, [number, string]> = {
  FUNCTION_INVOCATION_TIMEOUT: [504, 'This function ran past its time limit'],
  FUNCTION_INVOCATION_FAILED: [500, 'This function failed'],
};

/** Whether the client asked for JSON rather than a page (an API client, fetch with an Accept header). */
function wantsJson(accept: string | undefined): boolean {
  if (!accept) return false;
  const json = accept.indexOf('application/json');
  const html = accept.indexOf('text/html');
  return json >= 0 && (html < 0 || json < html);
}

export function errorResponse(
  code: FunctionErrorCode,
  message: string,
  requestId: string,
  cold: boolean,
  accept?: string,
): FunctionResponse {
  const [status, title] = TITLES[code];
  const extra: [string, string][] = [
    ['x-nimbus-error', code],
    ['x-nimbus-id', requestId],
  ];
  if (wantsJson(accept)) {
    const body = Buffer.from(JSON.stringify(errorEnvelope(code, message, { requestId })));
    const headers: [string, string][] = [
      ['content-type', 'application/json; charset=utf-8'],
      ['cache-control', 'no-store'],
      ['content-length', String(body.length)],
      ...extra,
    ];
    return { status, headers, body: Readable.from([body]), requestId, cold };
  }
  const html = page(
    status,
    title,
    `${escapeHtml(message)}</p><p>Code: <code>${code}</code><br>Request id: <code>${escapeHtml(requestId)}</code>`,
    extra,
  );
  const headers: [string, string][] = [];
  for (let i = 0; i < html.headers.length; i += 2) headers.push([html.headers[i]!, html.headers[i + 1]!]);
  return { status, headers, body: Readable.from([html.body]), requestId, cold };
}
