// Prerenders and ISR over a real database and file store: the fallback, stale-while-revalidate with one
// regeneration across processes (two caches on one database), on-demand revalidation, query keys.
import { Readable } from 'node:stream';
import { newId, schema } from '@nimbus/db';
import { createTestDatabase } from '@nimbus/db/src/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStore, sha1 } from '../../store/local';
import { tempDir } from '../../testing';
import { createPrerenderCache, type PrerenderRequest, prerenderKey, type StoredPrerender } from './prerender';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let tmp: Awaited<ReturnType<typeof tempDir>>;
let store: ReturnType<typeof createLocalStore>;
let teamId: string;
let projectId: string;

const FALLBACK = Buffer.from('<h1>built</h1>');

beforeAll(async () => {
  database = await createTestDatabase();
  tmp = await tempDir();
  store = createLocalStore(tmp.dir);
  await store.put(sha1(FALLBACK), FALLBACK);
  teamId = newId('team');
  projectId = newId('prj');
  await database.db.insert(schema.teams).values({ id: teamId, slug: `isr-${teamId.slice(-8).toLowerCase()}` });
  await database.db.insert(schema.projects).values({ id: projectId, teamId, name: 'isr' });
});
afterAll(async () => {
  await database.close();
  await tmp.remove();
});

async function deployment(): Promise<string> {
  const id = newId('dpl');
  await database.db
    .insert(schema.deployments)
    .values({ id, projectId, teamId, name: 'isr', host: id.toLowerCase(), state: 'READY' });
  return id;
}

function prerender(expiration: number | false, extra: Partial<StoredPrerender['config']> = {}): StoredPrerender {
  return {
    path: 'isr',
    config: { expiration, bypassToken: 'token-123', initialHeaders: { 'x-nextjs-prerender': '1' }, ...extra },
    fallback: { sha: sha1(FALLBACK), size: FALLBACK.length, contentType: 'text/html; charset=utf-8' },
  };
}

/** A page function that answers a numbered page and counts its calls. */
function renderer(delayMs = 0) {
  const state = { calls: 0, fail: false };
  const render = async () => {
    state.calls += 1;
    const n = state.calls;
    await new Promise((r) => setTimeout(r, delayMs));
    if (state.fail) throw new Error('render failed');
    return {
      status: 200,
      headers: [
        ['content-type', 'text/html'],
        ['set-cookie', 'a=b'],
      ] as [string, string][],
      body: Readable.from([Buffer.from(`<h1>render ${n}</h1>`)]),
    };
  };
  return { state, render };
}

function request(
  id: string,
  p: StoredPrerender,
  render: PrerenderRequest['render'],
  extra: Partial<PrerenderRequest> = {},
): PrerenderRequest {
  return {
    deploymentId: id,
    teamId,
    builtAt: new Date(),
    prerender: p,
    key: 'isr',
    revalidateToken: undefined,
    render,
    ...extra,
  };
}

const settle = () => new Promise((r) => setTimeout(r, 1_200));

describe('prerendered pages', () => {
  it('serves the build-time fallback with its initial headers while it is fresh, without rendering', async () => {
    const id = await deployment();
    const cache = createPrerenderCache({ db: database.db, store });
    const { state, render } = renderer();
    const answer = await cache.serve(request(id, prerender(60), render));
    expect(answer.cache).toBe('HIT');
    expect(answer.body.toString()).toBe('<h1>built</h1>');
    expect(answer.headers).toContainEqual(['x-nextjs-prerender', '1']);
    expect(answer.headers).toContainEqual(['content-type', 'text/html; charset=utf-8']);
    expect(state.calls).toBe(0);
  });

  it('serves a stale page at once and regenerates it once in the background, across two processes', async () => {
    const id = await deployment();
    const a = createPrerenderCache({ db: database.db, store });
    const b = createPrerenderCache({ db: database.db, store });
    const { state, render } = renderer(200);
    const old = new Date(Date.now() - 10_000);
    const answers = await Promise.all([
      a.serve(request(id, prerender(5), render, { builtAt: old })),
      b.serve(request(id, prerender(5), render, { builtAt: old })),
      a.serve(request(id, prerender(5), render, { builtAt: old })),
    ]);
    expect(answers.map((x) => x.cache)).toEqual(['STALE', 'STALE', 'STALE']);
    expect(answers.every((x) => x.body.equals(FALLBACK))).toBe(true);
    await settle();
    expect(state.calls).toBe(1);
    const fresh = await b.serve(request(id, prerender(5), render, { builtAt: old }));
    expect(fresh.cache).toBe('HIT');
    expect(fresh.body.toString()).toBe('<h1>render 1</h1>');
    // A regenerated copy never keeps a cookie of the request that rendered it.
    expect(fresh.headers.some(([n]) => n === 'set-cookie')).toBe(false);
  });

  it('keeps serving the old page when a regeneration fails, and tries again on a later request', async () => {
    const id = await deployment();
    const cache = createPrerenderCache({ db: database.db, store });
    const { state, render } = renderer();
    state.fail = true;
    const old = new Date(Date.now() - 10_000);
    const first = await cache.serve(request(id, prerender(5), render, { builtAt: old }));
    expect(first.body.equals(FALLBACK)).toBe(true);
    await settle();
    state.fail = false;
    await cache.serve(request(id, prerender(5), render, { builtAt: old }));
    await settle();
    expect(state.calls).toBe(2);
    expect((await cache.serve(request(id, prerender(5), render, { builtAt: old }))).body.toString()).toBe(
      '<h1>render 2</h1>',
    );
  });

  it('regenerates at once for the bypass token (on-demand revalidation), and only for the right one', async () => {
    const id = await deployment();
    const cache = createPrerenderCache({ db: database.db, store });
    const { state, render } = renderer();
    const wrong = await cache.serve(request(id, prerender(false), render, { revalidateToken: 'guess' }));
    expect(wrong.cache).toBe('HIT');
    expect(state.calls).toBe(0);
    const now = await cache.serve(request(id, prerender(false), render, { revalidateToken: 'token-123' }));
    expect(now.cache).toBe('REVALIDATED');
    expect(now.body.toString()).toBe('<h1>render 1</h1>');
    const next = await cache.serve(request(id, prerender(false), render));
    expect(next.body.toString()).toBe('<h1>render 1</h1>');
  });

  it('renders a page without a fallback on its first request and caches it', async () => {
    const id = await deployment();
    const cache = createPrerenderCache({ db: database.db, store });
    const { state, render } = renderer();
    const p = { ...prerender(60), fallback: null };
    expect((await cache.serve(request(id, p, render))).cache).toBe('MISS');
    const again = await cache.serve(request(id, p, render));
    expect(again.cache).toBe('HIT');
    expect(again.body.toString()).toBe('<h1>render 1</h1>');
    expect(state.calls).toBe(1);
  });

  it('keys pages by the query parameters allowQuery keeps', () => {
    const q = new URLSearchParams('b=2&a=1&utm=x');
    expect(prerenderKey('blog', q, { expiration: 1, allowQuery: ['a', 'b'] })).toBe('blog?a=1&b=2');
    expect(prerenderKey('blog', q, { expiration: 1, allowQuery: [] })).toBe('blog');
    expect(prerenderKey('blog', q, { expiration: 1 })).toBe('blog?a=1&b=2&utm=x');
  });
});
