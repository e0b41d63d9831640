// Every URL a team gives Nimbus to send to (webhooks, log drains, the Slack notice URL, the budget
// webhook, a Gitea/GitLab server, SSO metadata) must be a public address: a URL pointing at this
// server or its network is refused with a 400 that says why and nothing is stored; a stored URL that
// points at such an address by the time Nimbus sends is refused again at delivery.
import { createServer } from 'node:http';
import { networkInterfaces } from 'node:os';
import { schema } from '@nimbus/db';
import { createHookDispatcher } from '@nimbus/engine';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineTestApi } from '../engine-testing';

let t: Awaited<ReturnType<typeof createEngineTestApi>>;
let owner: Awaited<ReturnType<typeof t.signup>>;
let teamId: string;
let q: string;

/** This machine's first address that is not loopback: where Nimbus itself answers, on its port. */
const own = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && !a.internal && a.family === 'IPv4')?.address;

const REFUSED: [string, RegExp][] = [
  ['http://[::127.0.0.1]:3000/api/health', /::7f00:1 is an IPv4-compatible address/],
  ['http://[::ffff:127.0.0.1]:3000/api/health', /::ffff:7f00:1 is an IPv4-mapped address/],
  ['http://foo.localhost/hook', /foo\.localhost names this machine/],
  ['https://203.0.113.9/hook', /203\.0\.113\.9 is a documentation address/],
  ['https://10.0.0.5/hook', /10\.0\.0\.5 is a private address/],
  ...(own
    ? [[`http://${own}:3000/api/health`, new RegExp(`${own.replaceAll('.', '\\.')} is `)] as [string, RegExp]]
    : []),
];

/** One route that stores a URL: how to ask for it, and what it stored afterwards (nothing, here). */
interface Case {
  name: string;
  send: (url: string) => ReturnType<typeof t.call>;
  stored: () => Promise<unknown>;
}

const CASES: Case[] = [
  {
    name: 'a webhook',
    send: (url) =>
      t.call('POST', `/v1/webhooks${q}`, { token: owner.token, body: { url, events: ['deployment.created'] } }),
    stored: async () => (await t.call('GET', `/v1/webhooks${q}`, { token: owner.token })).json,
  },
  ...['/v2/integrations/log-drains', '/v1/log-drains'].map((path) => ({
    name: `a log drain (${path})`,
    send: (url: string) => t.call('POST', `${path}${q}`, { token: owner.token, body: { name: 'drain', url } }),
    stored: async () => (await t.call('GET', `/v1/log-drains${q}`, { token: owner.token })).json,
  })),
  {
    name: 'the Slack notice URL',
    send: (url) => t.call('PATCH', '/v1/user/notifications', { token: owner.token, body: { slackUrl: url } }),
    stored: async () => (await t.call('GET', '/v1/user/notifications', { token: owner.token })).json.slackConfigured,
  },
  {
    name: 'the budget webhook',
    send: (url) =>
      t.call('PUT', `/v1/budgets${q}`, { token: owner.token, body: { amountCents: 1_000, webhookUrl: url } }),
    stored: async () => (await t.call('GET', `/v1/budgets${q}`, { token: owner.token })).json.budget,
  },
  ...['gitea', 'gitlab'].map((provider) => ({
    name: `a ${provider} API URL`,
    send: (url: string) =>
      t.call('PUT', `/v1/projects/dest-app/git-repository${q}`, {
        token: owner.token,
        body: { provider, repository: 'octo/app', apiUrl: url },
      }),
    stored: async () => (await t.call('GET', `/v1/projects/dest-app/git-repository${q}`, { token: owner.token })).json,
  })),
  {
    name: 'a Gitea clone URL',
    send: (url) =>
      t.call('PUT', `/v1/projects/dest-app/git-repository${q}`, {
        token: owner.token,
        body: { provider: 'gitea', repository: 'octo/app', apiUrl: 'https://93.184.216.34/api/v1', cloneUrl: url },
      }),
    stored: async () => (await t.call('GET', `/v1/projects/dest-app/git-repository${q}`, { token: owner.token })).json,
  },
  {
    name: 'the SSO metadata URL',
    send: (url) => t.call('PUT', `/v1/teams/${teamId}/saml/idp`, { token: owner.token, body: { metadataUrl: url } }),
    stored: async () => (await t.call('GET', `/v1/teams/${teamId}/saml`, { token: owner.token })).json.configured,
  },
];

beforeAll(async () => {
  t = await createEngineTestApi();
  owner = await t.signup('destinations@example.com');
  teamId = (await t.proTeam(owner.token, 'Destinations')).json.id;
  q = `?teamId=${teamId}`;
  expect((await t.call('POST', `/v11/projects${q}`, { token: owner.token, body: { name: 'dest-app' } })).status).toBe(
    200,
  );
});
afterAll(() => t.close());

describe('URLs Nimbus sends to', () => {
  it.each(CASES)('$name pointing at this server or its network is refused, and nothing is stored', async (c) => {
    const before = await c.stored();
    for (const [url, reason] of REFUSED) {
      const res = await c.send(url);
      expect(res.status, `${url}: ${JSON.stringify(res.json)}`).toBe(400);
      expect(res.json.error).toEqual({
        code: 'bad_request',
        message: expect.stringMatching(reason),
      });
      expect(res.json.error.message).toMatch(/Nimbus sends requests only to public addresses/);
    }
    expect(await c.stored()).toEqual(before);
  });

  it('refuses a delivery whose receiver points at a private address by the time it is sent', async () => {
    const received: string[] = [];
    const server = createServer((req, res) => {
      received.push(req.url ?? '');
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    // Public when created; by delivery time its host points at this machine.
    const created = await t.call('POST', `/v1/webhooks${q}`, {
      token: owner.token,
      body: { url: 'https://93.184.216.34/hook', events: ['project.created'] },
    });
    expect(created.status).toBe(200);
    await t.db
      .update(schema.webhooks)
      .set({ url: `http://127.0.0.1:${port}/hook` })
      .where(eq(schema.webhooks.id, created.json.id));
    await t.call('POST', `/v11/projects${q}`, { token: owner.token, body: { name: 'after-the-change' } });

    const dispatcher = createHookDispatcher({ db: t.db, cipher: t.engine.cipher, publicUrl: 'http://localhost:3000' });
    const attempts = async () =>
      (
        await t.call('GET', `/v1/webhooks/${created.json.id}/deliveries${q}`, { token: owner.token })
      ).json.deliveries.flatMap((d: { attempts: unknown[] }) => d.attempts);
    for (let i = 0; i < 50 && (await attempts()).length === 0; i++) await dispatcher.tick();
    const [attempt] = await attempts();
    expect(attempt).toMatchObject({
      status: null,
      response: expect.stringMatching(/^Not delivered: 127\.0\.0\.1 is a loopback address; Nimbus sends requests only/),
    });
    expect(received).toEqual([]);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
