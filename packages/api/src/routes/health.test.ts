import { describe, expect, it } from 'vitest';
import { createTestApi } from '../testing';

describe('GET /health', () => {
  it.each([
    ['off', { mode: 'off', isolated: false, refused: false, reason: 'NIMBUS_BUILD_SANDBOX=off' }],
    ['on', { mode: 'on', isolated: true }],
  ] as const)(
    'reports NIMBUS_BUILD_SANDBOX=%s from the configuration, in a process that runs no builds',
    async (mode, sandbox) => {
      const t = await createTestApi({ buildSandbox: mode });
      try {
        const res = await t.call('GET', '/health');
        expect(res.status).toBe(200);
        expect(res.json).toEqual({ status: 'ok', sandbox });
      } finally {
        await t.close();
      }
    },
  );
});
