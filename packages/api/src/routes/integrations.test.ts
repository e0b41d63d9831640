// Outgoing webhooks, log drains and notifications, end to end: the API records, the worker role's
// dispatcher sends to HTTP servers these tests start, and the official @vercel/sdk drives the routes.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { listAccountMail, schema } from '@nimbus/db';
import { createHookDispatcher } from '@nimbus/engine';
import { Vercel } from '@vercel/sdk';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineTestApi } from '../engine-testing';
import { listen } from '../testing';

let t: Awaited<ReturnType<typeof createEngineTestApi>>;
let owner: Awaited<ReturnType<typeof t.signup>>;

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

/** A receiver on a loopback port that answers each request with the next status of `statuses` (then 200). */
async function receiver(statuses: number[] = []) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = statuses.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'receiver down');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const hmac = (secret: string, body: string) => createHmac('sha1', secret).update(body).digest('hex');

function dispatcher(extra: Partial<Parameters<typeof createHookDispatcher>[0]> = {}) {
  return createHookDispatcher({
    db: t.db,
    cipher: t.engine.cipher,
    publicUrl: 'http://localhost:3000',
    deployDomain: 'localhost',
    retryBaseMs: 20,
    drainEveryMs: 0,
    // The receivers here listen on 127.0.0.1.
    allowPrivateAddresses: true,
    ...extra,
  });
}

/** Runs passes until `done` holds (the dispatcher does the sending; this only waits for it). */
async function until(d: ReturnType<typeof dispatcher>, done: () => boolean | Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error('timed out waiting for the dispatcher');
    await d.tick();
    await new Promise((r) => setTimeout(r, 30));
  }
}

beforeAll(async () => {
  // The receivers listen on 127.0.0.1.
  t = await createEngineTestApi({ worker: {}, api: { allowPrivateHookAddresses: true } });
  owner = await t.signup('hooks-owner@example.com', 'Hook Owner');
});
afterAll(() => t.close());

describe('outgoing webhooks', () => {
  it('arrive signed, are retried after a 500, log each attempt and can be sent again by hand', async () => {
    const rx = await receiver([500]);
    const created = await t.call('POST', '/v1/webhooks', {
      token: owner.token,
      body: { url: rx.url, events: ['project.created'] },
    });
    expect(created.status).toBe(200);
    const { id, secret } = created.json;
    expect(secret).toMatch(/^[0-9a-f]{48}$/);
    // Shown once; sealed at rest.
    expect((await t.call('GET', `/v1/webhooks/${id}`, { token: owner.token })).json.secret).toBeUndefined();
    const [row] = await t.db.select().from(schema.webhooks).where(eq(schema.webhooks.id, id));
    expect(row!.secret).not.toContain(secret);

    expect((await t.call('POST', '/v11/projects', { token: owner.token, body: { name: 'hooked' } })).status).toBe(200);
    const d = dispatcher();
    await until(d, () => rx.received.length >= 2);
    const [first, second] = rx.received;
    expect(second!.body).toBe(first!.body);
    for (const r of rx.received) expect(r.headers['x-vercel-signature']).toBe(hmac(secret, r.body));
    const event = JSON.parse(first!.body);
    expect(event).toMatchObject({ type: 'project.created', payload: { project: { name: 'hooked' } } });

    const log = await t.call('GET', `/v1/webhooks/${id}/deliveries`, { token: owner.token });
    expect(log.json.deliveries).toHaveLength(1);
    const delivery = log.json.deliveries[0];
    expect(delivery).toMatchObject({ event: 'project.created', state: 'succeeded' });
    expect(delivery.attempts.map((a: { status: number }) => a.status)).toEqual([500, 200]);
    expect(delivery.attempts[0].response).toBe('receiver down');

    const again = await t.call('POST', `/v1/webhooks/${id}/deliveries/${delivery.id}/redeliver`, {
      token: owner.token,
    });
    expect(again.json).toMatchObject({ state: 'pending' });
    await until(d, () => rx.received.length >= 3);
    expect(rx.received[2]!.body).toBe(first!.body);
    const after = await t.call('GET', `/v1/webhooks/${id}/deliveries`, { token: owner.token });
    expect(after.json.deliveries[0].attempts).toHaveLength(3);
    await t.call('DELETE', `/v1/webhooks/${id}`, { token: owner.token });
    const events = await t.call('GET', '/v3/events?types=webhook.created,webhook.deleted', { token: owner.token });
    expect(events.json.events.map((e: { action: string }) => e.action).sort()).toEqual([
      'webhook.created',
      'webhook.deleted',
    ]);
    await rx.close();
  });

  it('refuses a viewer, hides one team from another, and rejects events Nimbus does not send', async () => {
    const viewer = await t.signup('hooks-viewer@example.com');
    const team = await t.proTeam(owner.token, 'Hook Team');
    const inv = await t.call('POST', `/v1/teams/${team.json.id}/members`, {
      token: owner.token,
      body: { email: 'hooks-viewer@example.com', role: 'VIEWER' },
    });
    await t.call('POST', `/v1/invitations/${inv.json.link.split('/invite/')[1]}/accept`, { token: viewer.token });
    const q = `?teamId=${team.json.id}`;
    const body = { url: 'https://example.com/hook', events: ['deployment.created'] };
    const refused = await t.call('POST', `/v1/webhooks${q}`, { token: viewer.token, body });
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('forbidden');
    const mine = await t.call('POST', `/v1/webhooks${q}`, { token: owner.token, body });
    expect(mine.status).toBe(200);
    const stranger = await t.signup('hooks-stranger@example.com');
    expect((await t.call('GET', `/v1/webhooks/${mine.json.id}`, { token: stranger.token })).status).toBe(404);
    expect((await t.call('DELETE', `/v1/webhooks/${mine.json.id}`, { token: stranger.token })).status).toBe(404);
    const bad = await t.call('POST', `/v1/webhooks${q}`, {
      token: owner.token,
      body: { url: 'ftp://example.com', events: ['deployment.created'] },
    });
    expect(bad.status).toBe(400);
    const unknown = await t.call('POST', `/v1/webhooks${q}`, {
      token: owner.token,
      body: { url: 'https://example.com', events: ['budget.reached'] },
    });
    expect(unknown.status).toBe(400);
    const overview = await t.call('GET', `/v1/integrations${q}`, { token: owner.token });
    expect(overview.json).toMatchObject({ git: [], logDrains: [], webhooks: [{ id: mine.json.id }] });
  });
});

// These cases run a real build, which may wait for a busy machine (their deployment waits allow 60 s).
const BUILD = { timeout: 90_000 };

describe('log drains', () => {
  it("receive a real build's lines as signed NDJSON", BUILD, async () => {
    const rx = await receiver();
    const drain = await t.call('POST', '/v2/integrations/log-drains', {
      token: owner.token,
      body: { name: 'ndjson', url: rx.url, deliveryFormat: 'ndjson', sources: ['build'], secret: 'drain-secret' },
    });
    expect(drain.status).toBe(200);
    const res = await t.deploy(owner.token, { 'index.html': '<h1>drained</h1>' }, { name: 'drained' });
    await t.waitFor(owner.token, res.json.id);
    const d = dispatcher();
    const lines = () =>
      rx.received.flatMap((r) =>
        r.body
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l)),
      );
    await until(d, () => lines().some((l) => l.message.startsWith('Deployment ready')));
    for (const r of rx.received) {
      expect(r.headers['x-vercel-signature']).toBe(hmac('drain-secret', r.body));
      expect(r.headers['content-type']).toBe('application/x-ndjson');
    }
    expect(lines()[0]).toMatchObject({ source: 'build', deploymentId: res.json.id, environment: 'preview' });
    await t.call('DELETE', `/v1/integrations/log-drains/${drain.json.id}`, { token: owner.token });
    await rx.close();
  });

  it('is disabled after failing again and again, and the owner is mailed', BUILD, async () => {
    const rx = await receiver([500, 500, 500]);
    const drain = await t.call('POST', '/v1/log-drains', {
      token: owner.token,
      body: { name: 'flaky', url: rx.url, sources: ['build'] },
    });
    const res = await t.deploy(owner.token, { 'index.html': '<h1>flaky</h1>' }, { name: 'flaky' });
    await t.waitFor(owner.token, res.json.id);
    const d = dispatcher({ drainDisableAfter: 3 });
    const state = async () => (await t.call('GET', `/v1/log-drains/${drain.json.id}`, { token: owner.token })).json;
    await until(d, async () => (await state()).status === 'disabled');
    expect(rx.received).toHaveLength(3);
    expect((await state()).disabledReason).toBe('The endpoint answered 500.');
    const mail = await listAccountMail(t.db, 'hooks-owner@example.com');
    expect(mail.map((m) => m.subject)).toContain('Nimbus: the log drain "flaky" was disabled');
    await rx.close();
  });
});

describe('notifications', () => {
  it('mail a failed production deployment to members who opted in, not to one who opted out', BUILD, async () => {
    const lead = await t.signup('notify-lead@example.com');
    const quiet = await t.signup('notify-quiet@example.com');
    const team = await t.proTeam(lead.token, 'Notify Team');
    const inv = await t.call('POST', `/v1/teams/${team.json.id}/members`, {
      token: lead.token,
      body: { email: 'notify-quiet@example.com', role: 'MEMBER' },
    });
    await t.call('POST', `/v1/invitations/${inv.json.link.split('/invite/')[1]}/accept`, { token: quiet.token });
    const optOut = await t.call('PATCH', '/v1/user/notifications', { token: quiet.token, body: { email: [] } });
    expect(optOut.json).toMatchObject({ email: [], slackConfigured: false });
    const bad = await t.call('PATCH', '/v1/user/notifications', { token: quiet.token, body: { email: ['nope'] } });
    expect(bad.status).toBe(400);

    const pkg = JSON.stringify({ name: 'app', private: true, scripts: { build: 'node -e "process.exit(3)"' } });
    const res = await t.deploy(
      lead.token,
      { 'package.json': pkg },
      { name: 'breaks', target: 'production' },
      `?teamId=${team.json.id}`,
    );
    const done = await t.waitFor(lead.token, res.json.id, undefined, 60_000, `?teamId=${team.json.id}`);
    expect(done.readyState).toBe('ERROR');
    const d = dispatcher();
    const failedMail = async (to: string) =>
      (await listAccountMail(t.db, to)).filter((m) => m.subject.includes('production deployment'));
    await until(d, async () => (await failedMail('notify-lead@example.com')).length > 0);
    expect((await failedMail('notify-lead@example.com'))[0]!.text).toContain('breaks');
    expect(await failedMail('notify-quiet@example.com')).toEqual([]);
  });
});

describe('@vercel/sdk', () => {
  it('webhooks.* and logDrains.* work unchanged', async () => {
    const server = await listen(t.app);
    const sdk = new Vercel({ bearerToken: owner.token, serverURL: server.url });
    try {
      const hook = await sdk.webhooks.createWebhook({
        requestBody: { url: 'https://example.com/sdk', events: ['deployment.succeeded', 'deployment.error'] },
      });
      expect(hook.secret).toBeTruthy();
      expect((await sdk.webhooks.getWebhooks({})).map((h) => h.id)).toContain(hook.id);
      expect(await sdk.webhooks.getWebhook({ id: hook.id })).toMatchObject({ url: 'https://example.com/sdk' });
      await sdk.webhooks.deleteWebhook({ id: hook.id });
      expect((await sdk.webhooks.getWebhooks({})).map((h) => h.id)).not.toContain(hook.id);

      const drain = await sdk.logDrains.createLogDrain({
        requestBody: { name: 'sdk', url: 'https://example.com/drain', deliveryFormat: 'json', sources: ['build'] },
      });
      expect(drain).toMatchObject({ name: 'sdk', deliveryFormat: 'json', source: { kind: 'self-served' } });
      expect((await sdk.logDrains.getIntegrationLogDrains({})).map((x) => x.id)).toContain(drain.id);
      await sdk.logDrains.deleteIntegrationLogDrain({ id: drain.id });
      expect((await sdk.logDrains.getIntegrationLogDrains({})).map((x) => x.id)).not.toContain(drain.id);
    } finally {
      await server.close();
    }
  });
});
