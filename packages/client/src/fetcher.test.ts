import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-error';
import { createFetcher } from './fetcher';

// Canned answers for the docs/spec.md §8 catalogue; any other path echoes the request back as JSON.
const ROUTES: Record<string, [status: number, contentType: string, body: string]> = {
  '/api/text': [200, 'text/plain; charset=utf-8', 'hello'],
  '/api/not-json': [200, 'application/json', '{oops'],
  '/api/err/message': [
    400,
    'application/json',
    '{"error":{"code":"invalid_name","message":"Bad name","field":"name"}}',
  ],
  '/api/err/code-only': [404, 'application/json', '{"error":{"code":"not_found"}}'],
  '/api/err/non-object': [400, 'application/json', '{"error":"nope"}'],
  '/api/err/html': [502, 'text/html', '<h1>Bad gateway</h1>'],
  '/api/err/broken-json': [400, 'application/json', '{"error":'],
  '/api/err/failed': [
    400,
    'application/json',
    JSON.stringify({
      error: {
        code: 'missing_files',
        message: 'Upload these first',
        failed: ['a.txt'],
        missing: ['sha1'],
        status: 999,
      },
    }),
  ],
  '/api/err/server': [500, 'application/json', '{"error":{"code":"internal_server_error","message":"Boom"}}'],
  '/api/err/mfa': [
    403,
    'application/json',
    '{"error":{"code":"mfa_enforced","message":"2FA required","scope":"acme"}}',
  ],
  '/api/err/scope': [
    403,
    'application/json',
    '{"error":{"code":"missing_scope","message":"Sign in to acme","scope":"acme"}}',
  ],
  '/api/err/saml': [
    403,
    'application/json',
    '{"error":{"code":"forbidden","message":"SAML required","scope":"acme","saml":true}}',
  ],
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = await readBody(req);
    if (url.pathname === '/api/slow') return; // never answers; only an abort ends it
    if (url.pathname === '/api/empty') return void res.writeHead(204).end();
    const canned = ROUTES[url.pathname];
    if (canned) return void res.writeHead(canned[0], { 'content-type': canned[1] }).end(canned[2]);
    const echo = {
      method: req.method,
      path: url.pathname,
      search: url.search,
      authorization: req.headers.authorization ?? null,
      contentType: req.headers['content-type'] ?? null,
      custom: req.headers['x-custom'] ?? null,
      body,
    };
    res.writeHead(200, { 'content-type': 'application/json', 'x-trace': 'abc' }).end(JSON.stringify(echo));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

type Echo = {
  method: string;
  path: string;
  search: string;
  authorization: string | null;
  contentType: string | null;
  custom: string | null;
  body: string;
};

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('successful responses (docs/spec.md §7)', () => {
  it('parses 204 as empty', async () => {
    await expect(createFetcher({ baseUrl: base })('/empty')).resolves.toBeUndefined();
  });

  it('parses text content types as text', async () => {
    await expect(createFetcher({ baseUrl: base })('/text')).resolves.toBe('hello');
  });

  it('parses everything else as JSON', async () => {
    const echo = await createFetcher({ baseUrl: base })<Echo>('/echo');
    expect(echo).toMatchObject({ method: 'GET', path: '/api/echo' });
  });

  it('returns status and headers on request', async () => {
    const result = await createFetcher({ baseUrl: base })<Echo>('/echo', { withResponse: true });
    expect(result.status).toBe(200);
    expect(result.headers.get('x-trace')).toBe('abc');
    expect(result.data.path).toBe('/api/echo');
  });

  it('raises a clear error when a 2xx body is not the JSON it claims', async () => {
    const error = await failure(createFetcher({ baseUrl: base })('/not-json'));
    expect(error.message).toBe('Unexpected response: application/json {oops');
    expect(error.status).toBe(200);
  });
});

describe('request building (docs/spec.md §7)', () => {
  it.each([
    ['/echo', {}, '/api/echo'],
    ['echo', {}, '/api/echo'],
    ['/api/echo', {}, '/api/echo'],
    ['/api', {}, '/api'],
    ['/apiary', {}, '/api/apiary'],
    ['/v2/user', { prefix: false }, '/v2/user'],
  ])('%s %j → %s', async (path, options, expected) => {
    const echo = await createFetcher({ baseUrl: base, ...options })<Echo>(path);
    expect(echo.path).toBe(expected);
  });

  it('lets a single request skip the prefix and lets absolute URLs pass through', async () => {
    const apiFetch = createFetcher({ baseUrl: 'http://unused.invalid' });
    expect((await apiFetch<Echo>(`${base}/v2/user`)).path).toBe('/v2/user');
    expect((await createFetcher({ baseUrl: base })<Echo>('/v2/user', { prefix: false })).path).toBe('/v2/user');
  });

  it('appends the query, dropping undefined and null and repeating arrays', async () => {
    const echo = await createFetcher({ baseUrl: base })<Echo>('/echo?limit=5', {
      query: { teamId: 'team_1', skip: undefined, none: null, ids: ['a', 'b'], all: true },
    });
    expect(echo.search).toBe('?limit=5&teamId=team_1&ids=a&ids=b&all=true');
  });

  it('sends JSON bodies with a JSON content type, POST by default', async () => {
    const echo = await createFetcher({ baseUrl: base })<Echo>('/echo', { body: { name: 'Acme' } });
    expect(echo).toMatchObject({ method: 'POST', contentType: 'application/json', body: '{"name":"Acme"}' });
  });

  it.each([
    ['string', 'plain', 'text/plain;charset=UTF-8', 'plain'],
    ['Uint8Array', new TextEncoder().encode('bytes'), null, 'bytes'],
    ['Blob', new Blob(['blob'], { type: 'application/octet-stream' }), 'application/octet-stream', 'blob'],
  ])('sends a %s body as is', async (_label, body, contentType, sent) => {
    const echo = await createFetcher({ baseUrl: base })<Echo>('/echo', { method: 'PUT', body });
    expect(echo).toMatchObject({ method: 'PUT', contentType, body: sent });
  });

  it('sends FormData as multipart', async () => {
    const form = new FormData();
    form.set('file', 'content');
    const echo = await createFetcher({ baseUrl: base })<Echo>('/echo', { body: form });
    expect(echo.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(echo.body).toContain('content');
  });

  it('adds the bearer token and merges headers', async () => {
    const apiFetch = createFetcher({ baseUrl: base, token: 'tok_123', headers: { 'x-custom': 'fetcher' } });
    expect(await apiFetch<Echo>('/echo')).toMatchObject({ authorization: 'Bearer tok_123', custom: 'fetcher' });
    expect(await apiFetch<Echo>('/echo', { headers: { 'x-custom': 'call' } })).toMatchObject({ custom: 'call' });
    expect((await createFetcher({ baseUrl: base })<Echo>('/echo')).authorization).toBeNull();
  });
});

describe('error catalogue (docs/spec.md §8)', () => {
  it('network failure → network_error with the exact message', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));

    const error = await failure(createFetcher({ baseUrl: `http://127.0.0.1:${port}` })('/echo'));
    expect(error.message).toBe('A network error has occurred. Please check your connection and try again.');
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
    expect(error).toMatchObject({ code: 'network_error', status: 0, isAbort: false });
    expect(error.cause).toBeInstanceOf(Error);
  });

  it('cancelled request → abort', async () => {
    const controller = new AbortController();
    const pending = createFetcher({ baseUrl: base })('/slow', { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const error = await failure(pending);
    expect(error).toMatchObject({ isAbort: true, code: 'abort', status: 0 });
  });

  it('already-aborted signal → abort', async () => {
    const error = await failure(createFetcher({ baseUrl: base })('/echo', { signal: AbortSignal.abort() }));
    expect(error.isAbort).toBe(true);
  });

  it('non-JSON error body → "Unexpected response: {type} {text}"', async () => {
    const error = await failure(createFetcher({ baseUrl: base })('/err/html'));
    expect(error.message).toBe('Unexpected response: text/html <h1>Bad gateway</h1>');
    expect(error.status).toBe(502);
  });

  it('malformed JSON error body is treated as non-JSON', async () => {
    const error = await failure(createFetcher({ baseUrl: base })('/err/broken-json'));
    expect(error.message).toBe('Unexpected response: application/json {"error":');
  });

  it('JSON error body → error.message, with every field copied', async () => {
    const error = await failure(createFetcher({ baseUrl: base })('/err/message'));
    expect(error).toMatchObject({ message: 'Bad name', code: 'invalid_name', status: 400, field: 'name' });
  });

  it('JSON error body without message → error.code', async () => {
    const error = await failure(createFetcher({ baseUrl: base })('/err/code-only'));
    expect(error).toMatchObject({ message: 'not_found', code: 'not_found', status: 404 });
  });

  it('JSON error that is not an object → "Unexpected Error"', async () => {
    const error = await failure(createFetcher({ baseUrl: base })('/err/non-object'));
    expect(error).toMatchObject({ message: 'Unexpected Error', status: 400 });
  });

  it('copies failed and missing but never lets the body override the HTTP status', async () => {
    const error = await failure(createFetcher({ baseUrl: base })('/err/failed'));
    expect(error).toMatchObject({ failed: ['a.txt'], missing: ['sha1'], status: 400, code: 'missing_files' });
  });

  it('status below 500 → thrown as is, without the request body', async () => {
    const error = await failure(createFetcher({ baseUrl: base })('/err/message', { body: { name: '!' } }));
    expect(error.status).toBe(400);
    expect('requestBody' in error).toBe(false);
  });

  it('status 500 and above → request body attached for reporting', async () => {
    const body = { name: 'Acme', plan: 'pro' };
    const error = await failure(createFetcher({ baseUrl: base })('/err/server', { body }));
    expect(error).toMatchObject({ status: 500, message: 'Boom', code: 'internal_server_error' });
    expect(error.requestBody).toEqual(body);
  });

  it('mfa_enforced → two-factor flow unless already there', async () => {
    const onMfaRequired = vi.fn();
    let path = '/acme/settings?tab=security';
    const mfaFetch = createFetcher({ baseUrl: base, onMfaRequired, currentPath: () => path });

    expect((await failure(mfaFetch('/err/mfa'))).code).toBe('mfa_enforced');
    expect(onMfaRequired).toHaveBeenCalledExactlyOnceWith({ teamSlug: 'acme', next: '/acme/settings?tab=security' });

    path = '/two-factor-required?teamSlug=acme';
    await failure(mfaFetch('/err/mfa'));
    expect(onMfaRequired).toHaveBeenCalledOnce();
  });

  it('missing scope → scope login, except on /login/scope and /oauth/git', async () => {
    const onMissingScope = vi.fn();
    let path = '/acme/project?x=1';
    const scopeFetch = createFetcher({ baseUrl: base, onMissingScope, currentPath: () => path });

    expect((await failure(scopeFetch('/err/scope'))).scope).toBe('acme');
    expect(onMissingScope).toHaveBeenCalledExactlyOnceWith({ slug: 'acme', next: '/acme/project?x=1' });

    for (path of ['/login/scope/acme?next=%2F', '/oauth/git/github']) await failure(scopeFetch('/err/scope'));
    expect(onMissingScope).toHaveBeenCalledOnce();
  });

  it('error.scope equals the current scope and saml is set → SAML sign-in for that team', async () => {
    const onSamlRequired = vi.fn();
    let scope = 'acme';
    const samlFetch = createFetcher({ baseUrl: base, onSamlRequired, currentScope: () => scope });

    expect(await failure(samlFetch('/err/saml'))).toMatchObject({ saml: true, scope: 'acme', status: 403 });
    expect(onSamlRequired).toHaveBeenCalledExactlyOnceWith('acme');

    scope = 'other-team';
    await failure(samlFetch('/err/saml'));
    expect(onSamlRequired).toHaveBeenCalledOnce();
  });

  it('starts no auth flow in Node when no handlers are given', async () => {
    const error = await failure(createFetcher({ baseUrl: base })('/err/mfa'));
    expect(error.code).toBe('mfa_enforced');
  });
});
