// A static deploy without a root index.html still becomes READY, but its build log says why its root
// URL is a 404, as a warning (stderr with level "warning" for Vercel's clients), never an error.
import { NO_ROOT_INDEX_WARNING } from '@nimbus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineTestApi } from '../engine-testing';

let t: Awaited<ReturnType<typeof createEngineTestApi>>;
let token: string;
beforeAll(async () => {
  t = await createEngineTestApi({ worker: {} });
  ({ token } = await t.signup('warnings@example.com'));
});
afterAll(() => t.close());

async function events(files: Record<string, string>, name: string) {
  const res = await t.deploy(token, files, { name });
  expect(res.status).toBe(200);
  const done = await t.waitFor(token, res.json.id);
  const log = await t.app.request(`http://localhost:3000/v3/now/deployments/${done.id}/events`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const lines = (await log.text())
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { type: string; level?: string; text: string });
  return { done, lines };
}

describe('deployment warnings', () => {
  it('warns in the build log when the output has no index.html at its top', async () => {
    const { done, lines } = await events({ 'about.html': '<p>about</p>', 'docs/index.html': 'docs' }, 'no-index');
    expect(done.readyState).toBe('READY');
    expect(lines).toContainEqual(
      expect.objectContaining({ type: 'stderr', level: 'warning', text: NO_ROOT_INDEX_WARNING }),
    );
    expect(lines.filter((l) => l.level === 'error')).toEqual([]);
  });

  it('says nothing when the root index.html is there', async () => {
    const { done, lines } = await events({ 'index.html': '<p>home</p>' }, 'with-index');
    expect(done.readyState).toBe('READY');
    expect(lines.map((l) => l.text)).not.toContain(NO_ROOT_INDEX_WARNING);
  });
});
