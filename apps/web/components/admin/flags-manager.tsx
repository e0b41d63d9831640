'use client';
// The controls of /admin/flags: define a flag, switch it, set its rollout and team overrides, delete
// it; each change is one call to the staff API and a refresh of the page's list.
import { Button, Input, Select } from '@nimbus/ui';
import { useRouter } from 'next/navigation';
import { type FormEvent, useState } from 'react';
import { api } from '@/components/dashboard/api';
import { useSubmit } from '@/components/dashboard/use-submit';

export interface FlagRow {
  key: string;
  description: string;
  enabled: boolean;
  rolloutPercentage: number;
  overrides: Record<string, boolean>;
  exposures: Record<string, number>;
}

export function FlagsManager({ flags }: { flags: FlagRow[] }) {
  return (
    <div className="flex flex-col gap-6">
      <CreateFlag />
      {flags.length === 0 ? (
        <p className="text-sm text-muted">No flags yet.</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {flags.map((flag) => (
            <FlagItem key={`${flag.key}:${flag.rolloutPercentage}:${flag.enabled}`} flag={flag} />
          ))}
        </ul>
      )}
    </div>
  );
}

function CreateFlag() {
  const router = useRouter();
  const { saving, error, run } = useSubmit();
  const [key, setKey] = useState('');
  const [description, setDescription] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await api()('/v1/admin/flags', { body: { key, description } });
      setKey('');
      setDescription('');
      router.refresh();
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label="New flag">
      <div className="flex flex-col gap-1 text-sm">
        <label htmlFor="new-flag-key">Key</label>
        <Input id="new-flag-key" value={key} onChange={(e) => setKey(e.target.value)} widthClass="w-56" required />
      </div>
      <div className="flex flex-1 flex-col gap-1 text-sm">
        <label htmlFor="new-flag-description">Description</label>
        <Input id="new-flag-description" value={description} onChange={(e) => setDescription(e.target.value)} />
      </div>
      <Button type="submit" variant="primary" loading={saving}>
        Create flag
      </Button>
      {error && (
        <p role="alert" className="w-full text-sm text-red-600">
          {error}
        </p>
      )}
    </form>
  );
}

function FlagItem({ flag }: { flag: FlagRow }) {
  const router = useRouter();
  const { saving, error, run } = useSubmit();
  const [enabled, setEnabled] = useState(flag.enabled);
  const [rollout, setRollout] = useState(String(flag.rolloutPercentage));
  const [team, setTeam] = useState('');
  const [forced, setForced] = useState('on');
  const change = (body: Record<string, unknown>) =>
    run(async () => {
      await api()(`/v1/admin/flags/${flag.key}`, { method: 'PATCH', body });
      router.refresh();
    });
  const save = (e: FormEvent) => {
    e.preventDefault();
    void change({ enabled, rolloutPercentage: Number(rollout) });
  };
  const addOverride = (e: FormEvent) => {
    e.preventDefault();
    void change({ overrides: { ...flag.overrides, [team.trim()]: forced === 'on' } });
  };
  const removeOverride = (teamId: string) => {
    const { [teamId]: _, ...rest } = flag.overrides;
    void change({ overrides: rest });
  };
  const remove = () =>
    void run(async () => {
      await api()(`/v1/admin/flags/${flag.key}`, { method: 'DELETE' });
      router.refresh();
    });

  return (
    <li className="flex flex-col gap-3 rounded-md border border-border p-4" aria-label={`Flag ${flag.key}`}>
      <div className="flex flex-wrap items-baseline gap-3">
        <code className="font-mono text-sm font-semibold">{flag.key}</code>
        <span className="text-sm text-muted">{flag.description}</span>
        <span className="ml-auto text-sm" data-testid="exposures">
          Exposures: on {flag.exposures.true ?? 0} · off {flag.exposures.false ?? 0}
        </span>
      </div>
      <form onSubmit={save} className="flex flex-wrap items-end gap-3">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
          Enabled
        </label>
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor={`${flag.key}-rollout`}>Rollout (%)</label>
          <Input
            id={`${flag.key}-rollout`}
            type="number"
            min={0}
            max={100}
            value={rollout}
            onChange={(e) => setRollout(e.target.value)}
            widthClass="w-24"
            controlSize="small"
          />
        </div>
        <Button type="submit" size="small" loading={saving}>
          Save
        </Button>
        <Button type="button" size="small" variant="secondary" onClick={remove}>
          Delete
        </Button>
      </form>
      <div className="flex flex-col gap-2 text-sm">
        <span className="text-muted">Team overrides</span>
        {Object.entries(flag.overrides).map(([teamId, value]) => (
          <div key={teamId} className="flex items-center gap-2">
            <code className="font-mono text-xs">{teamId}</code>
            <span>{value ? 'on' : 'off'}</span>
            <Button type="button" size="small" variant="secondary" onClick={() => removeOverride(teamId)}>
              Remove
            </Button>
          </div>
        ))}
        <form onSubmit={addOverride} className="flex flex-wrap items-end gap-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${flag.key}-team`}>Team id</label>
            <Input
              id={`${flag.key}-team`}
              value={team}
              onChange={(e) => setTeam(e.target.value)}
              widthClass="w-64"
              controlSize="small"
              required
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${flag.key}-value`}>Value</label>
            <Select
              id={`${flag.key}-value`}
              value={forced}
              onChange={(e) => setForced(e.target.value)}
              widthClass="w-24"
              controlSize="small"
            >
              <option value="on">on</option>
              <option value="off">off</option>
            </Select>
          </div>
          <Button type="submit" size="small">
            Add override
          </Button>
        </form>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </li>
  );
}
