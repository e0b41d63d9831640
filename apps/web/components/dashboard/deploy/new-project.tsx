'use client';
import { type DeploymentTarget, projectNameProblem } from '@nimbus/core';
import { Button, Card, Field, Notice, Select, TextField } from '@nimbus/ui';
// /new: pick the team, drop the files, name the project (the folder's name by default), choose
// preview or production, and deploy through the same file and deployment API as the CLIs. Progress
// is shown while hashing and uploading; then the deployment's own page takes over.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { errorMessage } from '../api';
import { formatBytes } from '../deployments/file-tree';
import { deploymentPath } from '../deployments/links';
import { CliCommands } from './cli-commands';
import type { Picked } from './collect-files';
import { Dropzone } from './dropzone';
import { deployFiles, type Progress } from './upload';
import { UploadProgress } from './upload-progress';

export interface DeployTeam {
  id: string;
  slug: string;
  label: string;
  canDeploy: boolean;
}

export function NewProject({
  teams,
  initialSlug,
  initialName,
  origin,
}: {
  teams: DeployTeam[];
  initialSlug: string;
  initialName?: string;
  origin: string;
}) {
  const [slug, setSlug] = useState(initialSlug);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [name, setName] = useState(initialName ?? '');
  const [target, setTarget] = useState<DeploymentTarget>('preview');
  const [progress, setProgress] = useState<Progress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const router = useRouter();
  const team = teams.find((t) => t.slug === slug) ?? teams[0]!;
  const busy = progress !== null;
  const nameProblem = name ? projectNameProblem(name) : null;

  async function pick(promise: Promise<Picked>) {
    setError(null);
    try {
      const next = await promise;
      if (!next.files.length)
        throw new Error('That folder has nothing to deploy (node_modules and .git are left out).');
      setPicked(next);
      if (!initialName) setName(next.projectName);
    } catch (err) {
      setError(errorMessage(err));
    }
  }

  async function deploy(event: React.FormEvent) {
    event.preventDefault();
    if (!picked || nameProblem) return;
    setError(null);
    try {
      const created = await deployFiles({
        teamId: team.id,
        name,
        target,
        files: picked.files,
        onProgress: setProgress,
      });
      router.push(deploymentPath(team.slug, created.name, created.id));
    } catch (err) {
      setError(errorMessage(err));
      setProgress(null);
    }
  }

  const bytes = picked?.files.reduce((sum, f) => sum + f.data.size, 0) ?? 0;
  return (
    <div className="flex flex-col gap-10">
      <form onSubmit={deploy} noValidate>
        <Card id="deploy" title="Deploy from your browser">
          {teams.length > 1 && (
            <Field label="Team">
              {(control) => (
                <Select
                  {...control}
                  widthClass="w-full sm:w-72"
                  value={slug}
                  disabled={busy}
                  onChange={(e) => {
                    setSlug(e.target.value);
                    // The header's scope follows the URL: keep it on the team the form deploys to.
                    const query = new URLSearchParams({ teamSlug: e.target.value });
                    if (initialName) query.set('project', initialName);
                    router.replace(`/new?${query}`, { scroll: false });
                  }}
                >
                  {teams.map((t) => (
                    <option key={t.slug} value={t.slug}>
                      {t.label}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          )}
          {!team.canDeploy && (
            <Notice tone="note">
              Your role in {team.label} cannot create deployments. Ask an owner, or choose another team.
            </Notice>
          )}
          <Dropzone
            onPick={(p) => void pick(p)}
            disabled={busy || !team.canDeploy}
            summary={picked ? `${picked.files.length} files, ${formatBytes(bytes)} from “${picked.name}”` : undefined}
          />
          <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
            <TextField
              label="Project name"
              value={name}
              disabled={busy}
              error={nameProblem}
              spellCheck={false}
              onChange={(e) => setName(e.target.value.toLowerCase())}
            />
            <Field label="Environment">
              {(control) => (
                <Select
                  {...control}
                  widthClass="w-full sm:w-44"
                  value={target}
                  disabled={busy}
                  onChange={(e) => setTarget(e.target.value === 'production' ? 'production' : 'preview')}
                >
                  <option value="preview">Preview</option>
                  <option value="production">Production</option>
                </Select>
              )}
            </Field>
          </div>
          {progress && <UploadProgress progress={progress} />}
          {error && <Notice>{error}</Notice>}
          <Button
            type="submit"
            variant="primary"
            className="self-start"
            loading={busy}
            disabled={!picked || !name || Boolean(nameProblem) || !team.canDeploy}
          >
            Deploy
          </Button>
        </Card>
      </form>
      <CliCommands slug={team.slug} origin={origin} />
    </div>
  );
}
