// Request bodies past their limit get 413 payload_too_large before any route parses them: public
// routes at 64 KB (every one the OpenAPI document lists without security), signed-in routes at 1 MB,
// deployment requests at 32 MB, uploads at NIMBUS_MAX_FILE_SIZE.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMITS } from './body-limits';
import { createEngineTestApi, sha1 } from './engine-testing';
import { ORIGIN } from './testing';

let t: Awaited<ReturnType<typeof createEngineTestApi>>;
let token: string;
let publicWrites: string[];
beforeAll(async () => {
  t = await createEngineTestApi();
  ({ token } = await t.signup('limits@example.com'));
  const doc = (await (await t.app.request(`${ORIGIN}/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { requestBody?: unknown; security?: unknown[] }>>;
  };
  publicWrites = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([, op]) => op.requestBody && !op.security?.length)
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  );
});
afterAll(() => t.close());

/** A body of `bytes` streamed in 16 KB chunks, counting what the server pulled. */
function streamedBody(bytes: number) {
  const chunk = new Uint8Array(16 * 1024).fill(0x61);
  const sent = { bytes: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent.bytes >= bytes) return controller.close();
      sent.bytes += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { body, sent };
}

const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  t.app.request(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, ...headers },
    body,
    duplex: 'half',
  } as RequestInit);

describe('public routes', () => {
  it('are all held to the public limit', () => {
    expect(publicWrites.length).toBeGreaterThanOrEqual(6);
  });

  it('refuse a body one byte past 64 KB on every public route that takes one', async () => {
    const body = JSON.stringify({ email: 'a@example.com', text: 'x'.repeat(BODY_LIMITS.public) });
    for (const route of publicWrites) {
      const [, path] = route.split(' ') as [string, string];
      const res = await post(path, body, { 'content-length': String(body.length) });
      expect(res.status, route).toBe(413);
      expect((await res.json()).error, route).toMatchObject({ code: 'payload_too_large' });
    }
  });

  it('stop reading a streamed login body at the limit instead of taking all of it', async () => {
    const { body, sent } = streamedBody(50 * 1024 * 1024);
    const res = await post('/auth/login', body);
    expect(res.status).toBe(413);
    expect((await res.json()).error.message).toMatch(/at most 64 KB/);
    expect(sent.bytes).toBeLessThan(BODY_LIMITS.public + 64 * 1024);
  });

  it('still take an ordinary sign-up', async () => {
    await expect(t.signup('ordinary@example.com')).resolves.toMatchObject({ token: expect.any(String) });
  });
});

describe('signed-in routes', () => {
  it('refuse a body past 1 MB with the limit in the message', async () => {
    const res = await t.call('POST', '/v1/projects', {
      token,
      body: { name: 'big', buildCommand: 'x'.repeat(BODY_LIMITS.signedIn) },
    });
    expect(res.status).toBe(413);
    expect(res.json.error).toMatchObject({ code: 'payload_too_large', message: expect.stringMatching(/at most 1 MB/) });
  });

  it('take a deployment request of 15,000 files (several MB), and refuse one past 32 MB', async () => {
    const files = Array.from({ length: 15_000 }, (_, i) => ({
      file: `assets/${'deep/'.repeat(20)}file-${i}.js`,
      sha: sha1(String(i)),
      size: 1,
    }));
    const listed = await t.call('POST', '/v13/deployments', { token, body: { name: 'many', files } });
    expect(listed.status).toBe(400);
    expect(listed.json.error.code).toBe('missing_files');
    expect(listed.json.error.missing).toHaveLength(15_000);

    const huge = [{ file: 'index.html', data: 'x'.repeat(BODY_LIMITS.deployment) }];
    const res = await t.call('POST', '/v13/deployments', { token, body: { name: 'huge', files: huge } });
    expect(res.status).toBe(413);
    expect(res.json.error.message).toMatch(/at most 32 MB/);
  });

  it('leave uploads to their own limit (NIMBUS_MAX_FILE_SIZE)', async () => {
    const res = await t.upload(token, Buffer.alloc(2 * 1024 * 1024, 7));
    expect(res.status).toBe(200);
  });
});
