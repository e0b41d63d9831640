'use client';
// The Git settings of a project (services/git.ts): its remote and production branch, the Ignored
// Build Step and root directory, and deploy hooks (create, copy, delete).
import type { GitConnectionJson, GitSettingsJson } from '@nimbus/api';
import { Button, Card, CopyButton, Notice, Select, TextField, useToast } from '@nimbus/ui';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { api, errorMessage } from '../../api';
import { SettingsForm } from '../../settings-form';
import { useSubmit } from '../../use-submit';

type Props = { teamId: string; projectId: string; settings: GitSettingsJson; canEdit: boolean };

export function GitRemote({ teamId, projectId, settings, canEdit }: Props) {
  const [branch, setBranch] = useState(settings.productionBranch);
  const { saving, error, run } = useSubmit();
  const router = useRouter();
  const toast = useToast();
  const command = `git remote add nimbus ${settings.repoUrl}`;

  async function save(event: React.FormEvent) {
    event.preventDefault();
    await run(async () => {
      await api()(`/v9/projects/${projectId}`, {
        method: 'PATCH',
        body: { productionBranch: branch.trim() },
        query: { teamId },
      });
      toast.success('Production branch saved.');
      router.refresh();
    });
  }

  return (
    <SettingsForm
      id="git-remote"
      title="Git remote"
      description="Push to this remote to deploy: the production branch deploys to production, every other branch gets a preview at its own stable URL. Log in with any username and a token (Account settings → Tokens) as the password."
      note="Deleting a branch removes its preview URL."
      onSubmit={save}
      saving={saving}
      dirty={branch.trim() !== settings.productionBranch}
      canEdit={canEdit}
    >
      <div className="flex max-w-2xl flex-col gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <code className="break-all rounded-md border border-border px-2 py-1 text-sm" data-testid="git-remote-url">
            {settings.repoUrl}
          </code>
          <CopyButton value={command} label="Copy git remote add" />
        </div>
        <TextField
          label="Production branch"
          value={branch}
          disabled={!canEdit}
          spellCheck={false}
          onChange={(e) => setBranch(e.target.value)}
        />
        {settings.connected && (
          <p className="text-sm text-muted">
            Connected with <code>vercel git connect</code>: {settings.org}/{settings.repo}
            {settings.nimbusRemote ? ' (this remote).' : '. Pushes to that provider do not deploy yet; push here.'}
          </p>
        )}
        {error && <Notice>{error}</Notice>}
      </div>
    </SettingsForm>
  );
}

export function GitBuildForm({ teamId, projectId, settings, canEdit }: Props) {
  const initial = {
    commandForIgnoringBuildStep: settings.commandForIgnoringBuildStep ?? '',
    rootDirectory: settings.rootDirectory ?? '',
  };
  const [values, setValues] = useState(initial);
  const { saving, error, run } = useSubmit();
  const router = useRouter();
  const toast = useToast();

  async function save(event: React.FormEvent) {
    event.preventDefault();
    await run(async () => {
      const body = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim() || null]));
      await api()(`/v9/projects/${projectId}`, { method: 'PATCH', body, query: { teamId } });
      toast.success('Saved. It applies from the next push.');
      router.refresh();
    });
  }

  return (
    <SettingsForm
      id="ignored-build-step"
      title="Ignored Build Step and root directory"
      note="New settings apply from the next push."
      description="Before a pushed commit builds, this command runs in the build sandbox with VERCEL_GIT_COMMIT_REF, VERCEL_GIT_COMMIT_SHA and VERCEL_GIT_COMMIT_MESSAGE set: exit code 0 skips the build, any other code builds. The root directory is the folder of the app inside the repository (monorepos)."
      onSubmit={save}
      saving={saving}
      dirty={Object.entries(values).some(([k, v]) => v !== initial[k as keyof typeof initial])}
      canEdit={canEdit}
    >
      <div className="grid max-w-2xl gap-4 sm:grid-cols-2">
        <TextField
          label="Ignored Build Step command"
          placeholder='e.g. test "$VERCEL_GIT_COMMIT_REF" = docs'
          value={values.commandForIgnoringBuildStep}
          disabled={!canEdit}
          spellCheck={false}
          onChange={(e) => setValues((v) => ({ ...v, commandForIgnoringBuildStep: e.target.value }))}
        />
        <TextField
          label="Root directory"
          placeholder="the top of the repository"
          value={values.rootDirectory}
          disabled={!canEdit}
          spellCheck={false}
          onChange={(e) => setValues((v) => ({ ...v, rootDirectory: e.target.value }))}
        />
      </div>
      {error && <Notice>{error}</Notice>}
    </SettingsForm>
  );
}

export function DeployHooks({ teamId, projectId, settings }: Omit<Props, 'canEdit'>) {
  const [hooks, setHooks] = useState(settings.deployHooks);
  const [name, setName] = useState('');
  const [ref, setRef] = useState(settings.productionBranch);
  const [busy, setBusy] = useState(false);
  const router = useRouter();
  const toast = useToast();

  async function create(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const hook = await api()<GitSettingsJson['deployHooks'][number]>(`/v1/projects/${projectId}/deploy-hooks`, {
        method: 'POST',
        body: { name: name.trim(), ref: ref.trim() },
        query: { teamId },
      });
      setHooks((h) => [hook, ...h]);
      setName('');
      toast.success('Deploy hook created.');
      router.refresh();
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  async function remove(id: string) {
    setBusy(true);
    try {
      await api()(`/v1/projects/${projectId}/deploy-hooks/${id}`, { method: 'DELETE', query: { teamId } });
      setHooks((h) => h.filter((x) => x.id !== id));
      toast.success('Deploy hook deleted.');
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card
      id="deploy-hooks"
      title="Deploy hooks"
      description="A secret URL that deploys a branch at its latest pushed commit when it receives a POST request. Anyone who has the URL can deploy: keep it secret."
    >
      <form className="mb-4 flex flex-wrap items-end gap-3" onSubmit={create}>
        <TextField label="Name" value={name} required maxLength={100} onChange={(e) => setName(e.target.value)} />
        <TextField label="Branch" value={ref} required spellCheck={false} onChange={(e) => setRef(e.target.value)} />
        <Button type="submit" size="small" variant="primary" loading={busy}>
          Create hook
        </Button>
      </form>
      {hooks.length === 0 ? (
        <p className="text-sm text-muted">No deploy hooks yet.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
          {hooks.map((hook) => (
            <li key={hook.id} className="flex flex-wrap items-center gap-3 px-3 py-2" data-testid="deploy-hook">
              <span className="font-medium">{hook.name}</span>
              <span className="text-xs text-muted">{hook.ref}</span>
              <code className="break-all text-xs">{hook.url}</code>
              <span className="ml-auto flex gap-2">
                <CopyButton value={hook.url} label="Copy URL" />
                <Button size="small" variant="danger" disabled={busy} onClick={() => remove(hook.id)}>
                  Delete
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

const PROVIDERS = [
  ['github', 'GitHub'],
  ['gitlab', 'GitLab'],
  ['bitbucket', 'Bitbucket'],
  ['gitea', 'Gitea / Forgejo'],
] as const;

/** A GitHub, GitLab, Bitbucket or Gitea/Forgejo repository whose pushes and pull requests deploy. */
export function ConnectedRepository({
  teamId,
  projectId,
  connection,
  canEdit,
}: {
  teamId: string;
  projectId: string;
  connection: GitConnectionJson | null;
  canEdit: boolean;
}) {
  const [current, setCurrent] = useState(connection);
  const [values, setValues] = useState({
    provider: connection?.provider ?? 'github',
    repository: connection?.repository ?? '',
    apiUrl: connection?.apiUrl ?? '',
    cloneUrl: connection?.cloneUrl ?? '',
    token: '',
  });
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const saved = await api()<GitConnectionJson>(`/v1/projects/${projectId}/git-repository`, {
        method: 'PUT',
        body: {
          provider: values.provider,
          repository: values.repository.trim(),
          ...(values.apiUrl.trim() ? { apiUrl: values.apiUrl.trim() } : {}),
          ...(values.cloneUrl.trim() ? { cloneUrl: values.cloneUrl.trim() } : {}),
          ...(values.token.trim() ? { token: values.token.trim() } : {}),
        },
        query: { teamId },
      });
      setCurrent(saved);
      setValues((v) => ({ ...v, apiUrl: saved.apiUrl, cloneUrl: saved.cloneUrl, token: '' }));
      toast.success('Repository connected.');
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  async function disconnect() {
    setBusy(true);
    try {
      await api()(`/v1/projects/${projectId}/git-repository`, { method: 'DELETE', query: { teamId } });
      setCurrent(null);
      toast.success('Repository disconnected.');
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card
      id="connected-repository"
      title="Connected repository"
      description="Deploy the pushes and pull requests of a GitHub, GitLab, Bitbucket or Gitea/Forgejo repository. Nimbus posts a commit status and a pull-request comment with the preview URL back."
    >
      {current && (
        <div className="mb-4 flex flex-col gap-2 text-sm" data-testid="git-connection">
          <p>
            <span className="font-medium">{current.repository}</span> on {current.provider}
            {current.hasToken ? ' (access token stored)' : ' (no access token)'}
          </p>
          <p className="flex flex-wrap items-center gap-2">
            Webhook URL: <code className="break-all text-xs">{current.webhookUrl}</code>
            <CopyButton value={current.webhookUrl} label="Copy URL" />
          </p>
          {current.webhookSecret && (
            <Notice>
              Webhook secret (shown once): <code className="break-all">{current.webhookSecret}</code>{' '}
              <CopyButton value={current.webhookSecret} label="Copy secret" />
            </Notice>
          )}
          <p className="text-muted">
            In the provider&apos;s webhook settings, paste the URL and secret, choose JSON, and send push and
            pull-request events.
          </p>
        </div>
      )}
      {canEdit && (
        <form className="flex flex-col gap-3" onSubmit={save}>
          <label htmlFor="git-provider" className="flex flex-col gap-1 text-sm">
            Provider
            <Select id="git-provider" value={values.provider} onChange={set('provider')}>
              {PROVIDERS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          </label>
          <TextField
            label="Repository"
            value={values.repository}
            required
            placeholder="owner/name"
            spellCheck={false}
            onChange={set('repository')}
          />
          <TextField
            label="API URL"
            value={values.apiUrl}
            placeholder={values.provider === 'gitea' ? 'https://git.example.com/api/v1' : 'the provider default'}
            spellCheck={false}
            onChange={set('apiUrl')}
          />
          <TextField
            label="Clone URL"
            value={values.cloneUrl}
            placeholder="https://host/owner/name.git"
            spellCheck={false}
            onChange={set('cloneUrl')}
          />
          <TextField
            label="Access token"
            type="password"
            value={values.token}
            placeholder={current?.hasToken ? 'stored; leave empty to keep it' : ''}
            autoComplete="off"
            onChange={set('token')}
          />
          <span className="flex gap-2">
            <Button type="submit" size="small" variant="primary" loading={busy}>
              {current ? 'Save connection' : 'Connect repository'}
            </Button>
            {current && (
              <Button type="button" size="small" variant="danger" disabled={busy} onClick={disconnect}>
                Disconnect
              </Button>
            )}
          </span>
        </form>
      )}
      {!current && !canEdit && <p className="text-sm text-muted">No repository is connected.</p>}
    </Card>
  );
}
