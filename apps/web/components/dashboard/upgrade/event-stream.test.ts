import { STAFF_EMAIL_DOMAIN } from '@nimbus/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isTracked, STREAM_PATH, sendInternalEvent } from './event-stream';

afterEach(() => vi.unstubAllGlobals());

describe('internal event stream', () => {
  it('beacons {topic, record} with an id and event_time', () => {
    const sendBeacon = vi.fn(() => true);
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const id = sendInternalEvent('upgrade_modal', { source: 'x' }, { sendBeacon });
    const [path, body] = sendBeacon.mock.calls[0] as unknown as [string, string];
    expect(path).toBe(STREAM_PATH);
    const sent = JSON.parse(body);
    expect(sent).toMatchObject({ topic: 'upgrade_modal', record: { source: 'x', id } });
    expect(Math.abs(sent.record.event_time - Date.now())).toBeLessThan(1000);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('falls back to a plain POST when the beacon is refused or missing', () => {
    const fetchSpy = vi.fn(() => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetchSpy);
    sendInternalEvent('upgrade_modal', {}, { sendBeacon: () => false });
    sendInternalEvent('upgrade_modal', {}, undefined);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    expect(fetchSpy.mock.calls[0]).toMatchObject([STREAM_PATH, { method: 'POST', keepalive: true }]);
  });

  it('never tracks users with the staff e-mail domain', () => {
    expect(isTracked('dev@example.com')).toBe(true);
    expect(isTracked(`someone@${STAFF_EMAIL_DOMAIN.toUpperCase()}`)).toBe(false);
  });
});
