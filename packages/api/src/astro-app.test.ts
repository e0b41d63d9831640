// An Astro 5 app with the @astrojs/vercel adapter, deployed as source: Nimbus installs it and runs
// `vercel build` in the sandbox, and the adapter's Build Output is served: the prerendered page as a
// file, the server-rendered page and the API route by the adapter's one function (`_render`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureFiles } from '../../../test/framework-builds';
import { createFunctionsTestServer } from './functions-testing';

let t: Awaited<ReturnType<typeof createFunctionsTestServer>>;
let host = '';

beforeAll(async () => {
  t = await createFunctionsTestServer();
  const { token } = await t.signup('astro-user@example.com', 'Astro User');
  const res = await t.deploy(token, await fixtureFiles('astro-app'), { name: 'astro-site' });
  expect(res.status).toBe(200);
  const ready = await t.waitFor(token, res.json.id, ['READY', 'ERROR'], 540_000);
  if (ready.readyState !== 'READY') throw new Error(await t.logText(token, res.json.id));
  host = ready.url.replace(/\.localhost.*$/, '');
}, 600_000);
afterAll(() => t?.close());

describe('Astro through its Vercel adapter, built from source', () => {
  it('serves the prerendered page as a static file', async () => {
    const r = await t.fetchHost(host, '/');
    expect(r.status).toBe(200);
    expect(r.text).toContain('Astro static page');
  });

  it('renders the server page per request with its query', async () => {
    const r = await t.fetchHost(host, '/now?name=nimbus');
    expect(r.status).toBe(200);
    expect(r.text).toContain('Rendered for nimbus');
  });

  it('answers the API route', async () => {
    const r = await t.fetchHost(host, '/api/ping');
    expect(JSON.parse(r.text)).toEqual({ pong: true });
  });
});
