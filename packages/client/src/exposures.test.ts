import { describe, expect, it } from 'vitest';
import { createExposureQueue, type StatsigBatch } from './exposures';

function queue(allowed: boolean, user = { userID: 'usr_1', customIDs: { teamID: 'team_1' } }) {
  const sent: StatsigBatch[] = [];
  const q = createExposureQueue({
    allowed: async () => allowed,
    send: async (b) => sent.push(b),
    user: () => user,
    now: () => 1000,
    maxBatch: 2,
  });
  return { q, sent };
}

describe('the exposure queue', () => {
  it('posts {events, exposures, user, v: 2} once consent is given', async () => {
    const { q, sent } = queue(true);
    q.logExposure('new-card', true);
    q.logEvent('opened', 'usage', { from: 'menu' });
    await q.flush();
    expect(sent).toEqual([
      {
        events: [{ eventName: 'opened', value: 'usage', time: 1000, metadata: { from: 'menu' } }],
        exposures: [{ flag: 'new-card', value: true, time: 1000 }],
        user: { userID: 'usr_1', customIDs: { teamID: 'team_1' } },
        v: 2,
      },
    ]);
  });

  it('sends nothing when nothing is queued', async () => {
    const { q, sent } = queue(true);
    expect(await q.flush()).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('sends nothing when consent is required but not given, and drops what was queued', async () => {
    let allowed = false;
    const sent: StatsigBatch[] = [];
    const q = createExposureQueue({ allowed: () => allowed, send: async (b) => sent.push(b) });
    q.logExposure('new-card', false);
    expect(await q.flush()).toEqual([]);
    allowed = true;
    expect(await q.flush()).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('queues one exposure per flag and value per page, and splits long queues', async () => {
    const { q, sent } = queue(true);
    q.logExposure('a', true);
    q.logExposure('a', true);
    q.logExposure('a', false);
    q.logExposure('b', true);
    await q.flush();
    expect(sent.map((b) => b.exposures.map((e) => `${e.flag}=${e.value}`))).toEqual([
      ['a=true', 'a=false'],
      ['b=true'],
    ]);
    q.logExposure('a', true);
    expect(await q.flush()).toEqual([]);
  });
});
