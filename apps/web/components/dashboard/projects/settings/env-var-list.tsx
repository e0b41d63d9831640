'use client';
import type { EnvJson } from '@nimbus/api';
import { Badge, Button, Card, Notice, Select, useToast } from '@nimbus/ui';
// A project's environment variables, filtered by target. Values stay hidden: "Reveal" asks the API
// for the decrypted values (?decrypt=true, which only roles with env:read get) and shows that one;
// sensitive values can never be revealed. Adding, editing and removing need env:write.
import { useId, useState } from 'react';
import useSWR from 'swr';
import { api, errorMessage } from '../../api';
import { ConfirmModal } from '../../confirm-modal';
import { TARGET_LABEL, TARGETS, type Target } from './env-targets';
import { EnvVarEdit } from './env-var-edit';
import { EnvVarForm } from './env-var-form';

interface Props {
  teamId: string;
  project: string;
  initial: EnvJson[];
  canRead: boolean;
  canWrite: boolean;
}

export function EnvVarList({ teamId, project, initial, canRead, canWrite }: Props) {
  const key = `/v10/projects/${encodeURIComponent(project)}/env?teamId=${teamId}`;
  const { data, mutate } = useSWR<{ envs: EnvJson[] }>(key, { fallbackData: { envs: initial } });
  const [target, setTarget] = useState<Target | ''>('');
  const [revealed, setRevealed] = useState<Record<string, string>>({});
  const [removing, setRemoving] = useState<EnvJson | null>(null);
  const [editing, setEditing] = useState<{ id: string; value: string | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const filterId = useId();
  const envs = (data?.envs ?? []).filter((v) => !target || v.target.includes(target));

  /** The decrypted value of one variable, or null when it cannot be read (sensitive, or the role). */
  async function decrypted(id: string): Promise<string | null> {
    const { envs: values } = await api()<{ envs: EnvJson[] }>(`/v10/projects/${encodeURIComponent(project)}/env`, {
      query: { teamId, decrypt: 'true' },
    });
    const value = values.find((v) => v.id === id);
    return value?.decrypted ? value.value : null;
  }

  async function reveal(id: string) {
    setError(null);
    try {
      const value = await decrypted(id);
      if (value !== null) setRevealed((r) => ({ ...r, [id]: value }));
    } catch (err) {
      setError(errorMessage(err));
    }
  }

  async function edit(v: EnvJson) {
    setError(null);
    try {
      setEditing({ id: v.id, value: canRead && v.type !== 'sensitive' ? await decrypted(v.id) : null });
    } catch (err) {
      setError(errorMessage(err));
    }
  }

  async function edited(saved: EnvJson | null) {
    setEditing(null);
    if (!saved) return;
    hide(saved.id);
    await mutate();
    toast.success(`Saved ${saved.key}. It applies from the next deployment.`);
  }

  const hide = (id: string) => setRevealed((r) => Object.fromEntries(Object.entries(r).filter(([k]) => k !== id)));

  async function remove(v: EnvJson) {
    await api()(`/v9/projects/${encodeURIComponent(project)}/env/${v.id}`, { method: 'DELETE', query: { teamId } });
    await mutate();
    toast.success(`Removed ${v.key}.`);
  }

  return (
    <>
      {canWrite && <EnvVarForm teamId={teamId} project={project} onAdded={() => void mutate()} />}
      <Card id="env-vars" title="Environment variables">
        <div className="flex items-center gap-2 self-start text-sm text-muted">
          <label htmlFor={filterId}>Show</label>
          <Select
            id={filterId}
            controlSize="small"
            widthClass="w-44"
            value={target}
            onChange={(e) => setTarget(e.target.value as Target | '')}
          >
            <option value="">All environments</option>
            {TARGETS.map((t) => (
              <option key={t} value={t}>
                {TARGET_LABEL[t]}
              </option>
            ))}
          </Select>
        </div>
        {error && <Notice>{error}</Notice>}
        {envs.length ? (
          <ul aria-label="Variables" className="divide-y divide-border rounded-md border border-border">
            {envs.map((v) =>
              editing?.id === v.id ? (
                <li key={v.id} className="px-4 py-3">
                  <EnvVarEdit teamId={teamId} project={project} variable={v} current={editing.value} onDone={edited} />
                </li>
              ) : (
                <li
                  key={v.id}
                  className="grid items-center gap-2 px-4 py-3 sm:grid-cols-[minmax(8rem,1fr)_minmax(8rem,1.5fr)_auto]"
                >
                  <span className="flex min-w-0 flex-col gap-1">
                    <span className="truncate font-mono text-sm font-medium">{v.key}</span>
                    <span className="flex flex-wrap gap-1">
                      {v.target.map((t) => (
                        <Badge key={t}>{TARGET_LABEL[t as Target] ?? t}</Badge>
                      ))}
                    </span>
                  </span>
                  <span
                    className="truncate font-mono text-sm text-muted"
                    aria-label={v.id in revealed ? `Value of ${v.key}` : `Value of ${v.key} hidden`}
                  >
                    {v.id in revealed
                      ? revealed[v.id] || '(empty)'
                      : v.type === 'sensitive'
                        ? 'Sensitive'
                        : '••••••••••'}
                  </span>
                  <span className="flex items-center gap-1 sm:justify-end">
                    {canRead && v.type !== 'sensitive' && (
                      <Button
                        size="small"
                        variant="ghost"
                        aria-label={`${v.id in revealed ? 'Hide' : 'Reveal'} ${v.key}`}
                        onClick={() => (v.id in revealed ? hide(v.id) : void reveal(v.id))}
                      >
                        {v.id in revealed ? 'Hide' : 'Reveal'}
                      </Button>
                    )}
                    {canWrite && (
                      <Button size="small" variant="ghost" aria-label={`Edit ${v.key}`} onClick={() => void edit(v)}>
                        Edit
                      </Button>
                    )}
                    {canWrite && (
                      <Button
                        size="small"
                        variant="ghost"
                        aria-label={`Remove ${v.key}`}
                        onClick={() => setRemoving(v)}
                      >
                        Remove
                      </Button>
                    )}
                  </span>
                </li>
              ),
            )}
          </ul>
        ) : (
          <p className="text-sm text-muted">
            {target ? `No variables for ${TARGET_LABEL[target]}.` : 'No environment variables yet.'}
          </p>
        )}
      </Card>
      <ConfirmModal
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remove environment variable"
        description={`Builds from the next deployment on will not see ${removing?.key ?? 'it'}. Deployments already built keep their value.`}
        confirmLabel="Remove"
        onConfirm={() => remove(removing!)}
      />
    </>
  );
}
