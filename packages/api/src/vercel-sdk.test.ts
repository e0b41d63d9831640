// The official @vercel/sdk against Nimbus: every call must pass the SDK's own response validation.
import { Vercel } from '@vercel/sdk';
import { CancelDeploymentResponseBody$inboundSchema } from '@vercel/sdk/models/canceldeploymentresponsebody.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineTestApi } from './engine-testing';
import { listen } from './testing';

let t: Awaited<ReturnType<typeof createEngineTestApi>>;
let server: Awaited<ReturnType<typeof listen>>;
let sdk: Vercel;
let user: { id: string; username: string };
let token: string;

beforeAll(async () => {
  t = await createEngineTestApi({ worker: {} });
  server = await listen(t.app);
  const signed = await t.signup('sdk@example.com', 'Sdk User');
  user = signed.user;
  token = signed.token;
  sdk = new Vercel({ bearerToken: signed.token, serverURL: server.url });
});
afterAll(async () => {
  await server.close();
  await t.close();
});

describe('@vercel/sdk', () => {
  it('user.getAuthUser returns the northstar user', async () => {
    const me = (await sdk.user.getAuthUser())!.user;
    expect(me).toMatchObject({ id: user.id, username: 'sdk', email: 'sdk@example.com' });
    expect(me.defaultTeamId).toMatch(/^team_/);
  });

  it('teams.createTeam, getTeams and getTeam agree', async () => {
    const created = await sdk.teams.createTeam({ slug: 'sdk-team', name: 'SDK Team' });
    expect(created).toMatchObject({ slug: 'sdk-team' });
    const { teams } = await sdk.teams.getTeams({});
    expect(teams.map((x) => x.slug)).toEqual(['sdk-projects', 'sdk-team']);
    const team = await sdk.teams.getTeam({ teamId: created.id });
    expect(team).toMatchObject({ id: created.id, slug: 'sdk-team', name: 'SDK Team' });
  });

  it('teams.getTeamMembers lists the owner', async () => {
    const { teams } = await sdk.teams.getTeams({});
    const res = await sdk.teams.getTeamMembers({ teamId: teams[1]!.id });
    expect(res.members).toEqual([expect.objectContaining({ uid: user.id, role: 'OWNER' })]);
  });

  it('authentication: create, list, get and delete a token', async () => {
    const created = await sdk.authentication.createAuthToken({ requestBody: { name: 'from sdk' } });
    expect(created.bearerToken).toMatch(/^nmb_[A-Za-z0-9]+$/);
    const { tokens } = await sdk.authentication.listAuthTokens();
    expect(tokens.map((x) => x.name)).toContain('from sdk');
    const one = await sdk.authentication.getAuthToken({ tokenId: created.token.id });
    expect(one.token.name).toBe('from sdk');
    const deleted = await sdk.authentication.deleteAuthToken({ tokenId: created.token.id });
    expect(deleted.tokenId).toBe(created.token.id);
    const after = await sdk.authentication.listAuthTokens();
    expect(after.tokens.map((x) => x.name)).not.toContain('from sdk');
  });

  describe('deployments', () => {
    let first: { id: string; url: string };
    let second: { id: string };

    it('createDeployment returns the deployment with its url, in the shape the SDK validates', async () => {
      const created = await sdk.deployments.createDeployment({
        requestBody: { name: 'sdk-site', target: 'production', files: [{ file: 'index.html', data: '<h1>one</h1>' }] },
      });
      expect(created).toMatchObject({ name: 'sdk-site', url: expect.stringMatching(/^sdk-site-.+\.localhost:3000$/) });
      expect(created).toMatchObject({ team: { slug: 'sdk-projects', id: (created as { ownerId?: string }).ownerId } });
      first = (await t.waitFor(token, created.id)) as { id: string; url: string };
      const again = await sdk.deployments.createDeployment({
        requestBody: { name: 'sdk-site', target: 'production', files: [{ file: 'index.html', data: '<h1>two</h1>' }] },
      });
      second = await t.waitFor(token, again.id);
    });

    it('getDeploymentEvents lists the build log', async () => {
      const events = await sdk.deployments.getDeploymentEvents({ idOrUrl: first.id });
      expect(Array.isArray(events) && events.length).toBeGreaterThan(0);
    });

    it('listDeploymentFiles and getDeploymentFileContents read the uploaded files', async () => {
      const tree = await sdk.deployments.listDeploymentFiles({ id: first.id });
      const index = tree.find((f) => f.name === 'index.html');
      expect(index).toMatchObject({ type: 'file', uid: expect.stringMatching(/^[0-9a-f]{40}$/) });
      const res = await fetch(`${server.url}/v8/deployments/${first.id}/files/${index!.uid}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(Buffer.from((await res.json()).data, 'base64').toString()).toBe('<h1>one</h1>');
      await sdk.deployments.getDeploymentFileContents({ id: first.id, fileId: index!.uid! });
    });

    it('projects.requestRollback moves production back to the first deployment', async () => {
      await sdk.projects.requestRollback({ projectId: 'sdk-site', deploymentId: first.id });
      const project = await sdk.projects.getProjects({ search: 'sdk-site' });
      const production = (project as { projects: { targets?: { production?: { id: string } } }[] }).projects[0];
      expect(production?.targets?.production?.id).toBe(first.id);
      expect(second.id).not.toBe(first.id);
    });

    it('cancelDeployment stops a build, and its reply passes the SDK validation', async () => {
      const created = await sdk.deployments.createDeployment({
        requestBody: { name: 'sdk-cancel', files: [{ file: 'index.html', data: '<h1>x</h1>' }] },
      });
      // The worker may finish this small build before the cancel arrives: the reply shape is checked either way.
      const reply = await sdk.deployments.cancelDeployment({ id: created.id }).catch(() => null);
      if (reply) expect(reply).toMatchObject({ id: created.id, readyState: 'CANCELED' });
      const res = await fetch(`${server.url}/v13/deployments/${created.id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(CancelDeploymentResponseBody$inboundSchema.safeParse(await res.json()).error).toBeUndefined();
    });
  });

  it('projects.getProjectEnv reads one variable with its value', async () => {
    const created = await sdk.projects.createProjectEnv({
      idOrName: 'sdk-site',
      requestBody: { key: 'API_URL', value: 'https://api.example.com', type: 'encrypted', target: ['production'] },
    });
    const one = created.created as { id?: string } | { id?: string }[];
    const id = Array.isArray(one) ? one[0]!.id! : one.id!;
    const env = await sdk.projects.getProjectEnv({ idOrName: 'sdk-site', id });
    expect(env).toMatchObject({ key: 'API_URL', value: 'https://api.example.com' });
  });

  it('environment: create, list, get and remove a custom environment with its own variables', async () => {
    const created = await sdk.environment.createCustomEnvironment({
      idOrName: 'sdk-site',
      requestBody: { slug: 'qa', description: 'Checks', branchMatcher: { type: 'equals', pattern: 'qa' } },
    });
    expect(created).toMatchObject({ slug: 'qa', type: 'preview', branchMatcher: { type: 'equals', pattern: 'qa' } });
    const { environments } = await sdk.environment.getProjectsByIdOrNameCustomEnvironments({ idOrName: 'sdk-site' });
    expect(environments.map((e) => e.slug)).toEqual(['qa']);
    expect(
      await sdk.environment.getCustomEnvironment({ idOrName: 'sdk-site', environmentSlugOrId: 'qa' }),
    ).toMatchObject({
      id: created.id,
    });
    await sdk.projects.createProjectEnv({
      idOrName: 'sdk-site',
      requestBody: { key: 'QA_ONLY', value: 'yes', type: 'encrypted', target: [], customEnvironmentIds: [created.id] },
    } as Parameters<typeof sdk.projects.createProjectEnv>[0]);
    const pulled = await fetch(`${server.url}/v3/env/pull/sdk-site/qa`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect((await pulled.json()).env).toEqual({ QA_ONLY: 'yes' });
    const deployed = await sdk.deployments.createDeployment({
      requestBody: { name: 'sdk-site', customEnvironmentSlugOrId: 'qa', files: [{ file: 'index.html', data: 'qa' }] },
    });
    expect(deployed).toMatchObject({ target: null, customEnvironment: { id: created.id } });
    const read = await sdk.deployments.getDeployment({ idOrUrl: deployed.id });
    expect(read).toMatchObject({ customEnvironment: { id: created.id } });
    const removed = await sdk.environment.removeCustomEnvironment({ idOrName: 'sdk-site', environmentSlugOrId: 'qa' });
    expect(removed.id).toBe(created.id);
    const after = await sdk.projects.filterProjectEnvs({ idOrName: 'sdk-site' });
    expect(JSON.stringify(after)).not.toContain('QA_ONLY');
  });
});
