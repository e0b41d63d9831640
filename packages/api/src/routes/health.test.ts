import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOn, clientFor, createTestApi } from '../testing';

describe('GET /health', () => {
  // Only the setting differs from one case to the other: both APIs share this database.
  let t: Awaited<ReturnType<typeof createTestApi>>;
  beforeAll(async () => {
    t = await createTestApi();
  });
  afterAll(() => t.close());

  it.each([
    ['off', { mode: 'off', isolated: false, refused: false, reason: 'NIMBUS_BUILD_SANDBOX=off' }],
    ['on', { mode: 'on', isolated: true }],
  ] as const)(
    'reports NIMBUS_BUILD_SANDBOX=%s from the configuration, in a process that runs no builds',
    async (mode, sandbox) => {
      const res = await clientFor(apiOn(t.db, { buildSandbox: mode })).call('GET', '/health');
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ status: 'ok', sandbox });
    },
  );
});
