import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../app';
import { clientFor, createTestApi } from '../testing';

let t: Awaited<ReturnType<typeof createTestApi>>;
let enrichment: Server;
let enrichmentUrl: string;
let answer: { status: number; body: unknown } = { status: 200, body: { grade: 'A', employees: 1200 } };
let askedFor = '';

beforeAll(async () => {
  t = await createTestApi();
  enrichment = createServer((req, res) => {
    askedFor = new URL(req.url ?? '/', 'http://x').searchParams.get('ip') ?? '';
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => enrichment.listen(0, '127.0.0.1', resolve));
  enrichmentUrl = `http://127.0.0.1:${(enrichment.address() as { port: number }).port}/enrich`;
});
afterAll(async () => {
  await new Promise((resolve) => enrichment.close(resolve));
  await t.close();
});

const api = (options: { environment?: 'production' | 'development'; marketFitUrl?: string }) =>
  clientFor(
    createApi({
      db: t.db,
      publicUrl: 'http://localhost:3000',
      deployDomain: 'localhost',
      staffTeam: 'nimbus-staff',
      ...options,
    }),
  );

describe('GET /marketfit', () => {
  it('is 0 when no enrichment endpoint is configured', async () => {
    const res = await api({ environment: 'production' }).call('GET', '/marketfit');
    expect(res.json).toEqual({ marketFit: 0, source: 'unconfigured' });
    expect(res.res.headers.get('cache-control')).toBe('private, no-store');
  });

  it.each([
    [{ grade: 'A', employees: 1200 }, 1],
    [{ grade: 'B', employees: 500 }, 1],
    [{ grade: 'B', employees: 499 }, 2],
    [{ grade: 'C', employees: 5000 }, 2],
    [{ grade: 'D', employees: 5000 }, 0],
  ])('turns %j from the enrichment service into %i', async (body, expected) => {
    answer = { status: 200, body };
    const res = await api({ environment: 'production', marketFitUrl: enrichmentUrl }).call('GET', '/marketfit');
    expect(res.json).toEqual({ marketFit: expected, source: 'enrichment' });
    expect(askedFor).not.toBe('');
  });

  it('lets ?marketfit= override it outside production only', async () => {
    answer = { status: 200, body: { grade: 'F', employees: 3 } };
    const dev = await api({ environment: 'development', marketFitUrl: enrichmentUrl }).call(
      'GET',
      '/marketfit?marketfit=1',
    );
    expect(dev.json).toEqual({ marketFit: 1, source: 'override' });
    const prod = await api({ environment: 'production', marketFitUrl: enrichmentUrl }).call(
      'GET',
      '/marketfit?marketfit=1',
    );
    expect(prod.json).toEqual({ marketFit: 0, source: 'enrichment' });
    const other = await api({ environment: 'development' }).call('GET', '/marketfit?marketfit=7');
    expect(other.json).toEqual({ marketFit: 0, source: 'unconfigured' });
  });

  it('answers 0 when the service fails, with a debug note outside production only', async () => {
    answer = { status: 502, body: {} };
    const dev = await api({ environment: 'development', marketFitUrl: enrichmentUrl }).call('GET', '/marketfit');
    expect(dev.json).toMatchObject({ marketFit: 0, source: 'unavailable', note: expect.stringMatching(/502/) });
    const prod = await api({ environment: 'production', marketFitUrl: enrichmentUrl }).call('GET', '/marketfit');
    expect(prod.json).toEqual({ marketFit: 0, source: 'unavailable' });
  });
});
