// @vitest-environment jsdom
import { ATTRIBUTION_STORAGE_KEY, REDACTED } from '@nimbus/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeClick, startAutocapture } from './autocapture';
import { EventQueue } from './queue';
import { activityRecord, globalProperties, type PageState } from './records';
import { captureAttribution, ensureSession, storedAttribution } from './storage';

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
  document.body.innerHTML = '';
});

describe('session storage', () => {
  it('keeps the session id under sid and the first referrer under srid', () => {
    const first = ensureSession(sessionStorage, 'https://ref.example/', () => 'S1');
    expect(first).toEqual({ id: 'S1', referrer: 'https://ref.example/' });
    expect([sessionStorage.getItem('sid'), sessionStorage.getItem('srid')]).toEqual(['S1', 'https://ref.example/']);
    expect(ensureSession(sessionStorage, 'https://later.example/', () => 'S2')).toEqual(first);
  });

  it('tolerates storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => undefined,
    };
    expect(ensureSession(broken, '', () => 'S')).toEqual({ id: 'S', referrer: null });
    expect(captureAttribution(broken, 'https://n.example/?utm_source=a', '').utm).toEqual({ utm_source: 'a' });
  });
});

describe('attribution storage', () => {
  it('stores the campaign in localStorage and reads it back until it expires', () => {
    const now = Date.now();
    captureAttribution(localStorage, 'https://n.example/?utm_source=a&gclid=G', 'https://r.example/', now);
    expect(JSON.parse(localStorage.getItem(ATTRIBUTION_STORAGE_KEY)!).gclid).toBe('G');
    expect(storedAttribution(localStorage, now)?.utm).toEqual({ utm_source: 'a' });
    expect(storedAttribution(localStorage, now + 90 * 86_400_000)).toBeNull();
  });
});

describe('event queue', () => {
  it('retries every 250 ms until the stream is ready, then sends in order', () => {
    vi.useFakeTimers();
    let ready = false;
    const sent: number[] = [];
    const queue = new EventQueue<number>(
      () => ready,
      (n) => sent.push(n),
    );
    queue.push(1);
    queue.push(2);
    vi.advanceTimersByTime(249);
    ready = true;
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([1, 2]);
    queue.push(3);
    expect(sent).toEqual([1, 2, 3]);
  });
});

describe('autocapture', () => {
  it('tries 5 times 2 s apart to attach', () => {
    vi.useFakeTimers();
    const root = vi.fn(() => null);
    startAutocapture(root, () => undefined);
    vi.advanceTimersByTime(1999);
    expect(root).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(root).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(60_000);
    expect(root).toHaveBeenCalledTimes(5);
  });

  it('records clicks on tracked elements and buttons, text cut at 100, size from height', () => {
    document.body.innerHTML = `<button id="b">${'Deploy '.repeat(30)}<span id="inner">x</span></button>
      <a id="a" href="/pricing" data-track="pricing-link">See pricing</a><p id="p">plain</p>`;
    const button = document.getElementById('b')!;
    button.getBoundingClientRect = () => ({ height: 32 }) as DOMRect;
    const clicks: unknown[] = [];
    const stop = startAutocapture(
      () => document.body,
      (c) => clicks.push(c),
    );
    document.getElementById('inner')!.click();
    document.getElementById('a')!.click();
    document.getElementById('p')!.click();
    expect(clicks).toHaveLength(2);
    expect(clicks[0]).toMatchObject({ name: 'button', tag: 'button', size: 'small' });
    expect((clicks[0] as { text: string }).text).toHaveLength(100);
    expect(clicks[1]).toEqual({ name: 'pricing-link', text: 'See pricing', tag: 'a', size: null, href: '/pricing' });
    stop();
    button.click();
    expect(clicks).toHaveLength(2);
    expect(describeClick(null)).toBeNull();
  });
});

describe('activity records', () => {
  const page: PageState = {
    origin: 'https://n.example',
    path: '/acme/web',
    search: '?tab=logs&email=ada@example.com',
    referrer: 'https://r.example/',
    title: 'Web – Nimbus',
    userAgent: 'UA',
    projectId: 'prj_1',
  };

  it('carries every spec field, the global properties, and redacts email, ip and phone at any depth', () => {
    const record = activityRecord({
      action: 'click',
      meta: { nested: { phone: '+1', IP: '10.0.0.1' }, text: 'Deploy' },
      page,
      session: { id: 'S1', referrer: 'https://first.example/' },
      context: {
        tracked: true,
        userId: 'usr_1',
        userVersion: 'northstar',
        userDefaultTeamId: 'team_1',
        teamId: 'team_2',
        role: 'OWNER',
        plan: 'pro',
        staff: false,
        traits: {
          isTrial: true,
          trialStartDate: 1,
          trialEndDate: 2,
          hasDowngradedTrial: false,
          isPro: true,
          proStartDate: 1,
          isEnterprise: false,
          enterpriseStartDate: null,
          hobbyStartDate: null,
          isStaff: false,
        },
      },
      attribution: {
        utm: { utm_source: 'news' },
        previousUtm: null,
        gclid: null,
        referrer: null,
        landingPage: null,
        expiresAt: 0,
      },
      firmographicScore: 1,
    });
    expect(Object.keys(record).sort()).toEqual(
      [
        'session_id',
        'project_id',
        'deployment_id',
        'user_id',
        'team_id',
        'user_role',
        'billing_plan',
        'origin',
        'path',
        'referrer',
        'nimbus_app',
        'action',
        'user_agent',
        'meta',
        'session_referrer',
        'route',
        'page_title',
        'utm',
        'query_params',
        'globals',
      ].sort(),
    );
    expect(record).toMatchObject({
      session_id: 'S1',
      project_id: 'prj_1',
      deployment_id: null,
      user_id: 'usr_1',
      team_id: 'team_2',
      user_role: 'OWNER',
      billing_plan: 'pro',
      nimbus_app: 'dashboard',
      session_referrer: 'https://first.example/',
      utm: { utm_source: 'news' },
      query_params: { tab: 'logs', email: REDACTED },
      meta: { nested: { phone: REDACTED, IP: REDACTED }, text: 'Deploy' },
      globals: {
        isLoggedIn: true,
        isStaff: false,
        plan: 'pro',
        role: 'OWNER',
        teamId: 'team_2',
        isTrial: true,
        userVersion: 'northstar',
        userDefaultTeamId: 'team_1',
        firmographicScore: 1,
        trialEndDate: 2,
      },
    });
  });

  it('tolerates missing tracking data on a user', () => {
    expect(globalProperties(undefined, null)).toEqual({
      isLoggedIn: false,
      isStaff: false,
      plan: null,
      role: null,
      teamId: null,
      isTrial: false,
      userVersion: null,
      userDefaultTeamId: null,
      firmographicScore: null,
    });
    expect(globalProperties({ userId: 'usr_1' } as never, Number.NaN)).toMatchObject({
      isLoggedIn: true,
      isTrial: false,
    });
    const record = activityRecord({
      action: 'page_view',
      page: { ...page, search: '' },
      session: { id: null, referrer: null },
      context: null,
      attribution: null,
      firmographicScore: null,
    });
    expect(record).toMatchObject({ user_id: null, utm: {}, query_params: {}, meta: {} });
  });
});
