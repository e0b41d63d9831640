'use client';
import { Notice, TextField, useToast } from '@nimbus/ui';
// Adds an environment variable for one or more targets. Production and preview builds read it from
// their next deployment; "sensitive" values can be used by builds but never shown again.
import { useState } from 'react';
import { api } from '../../api';
import { SettingsForm } from '../../settings-form';
import { useSubmit } from '../../use-submit';
import { TARGET_LABEL, TARGETS, type Target } from './env-targets';

export function EnvVarForm({ teamId, project, onAdded }: { teamId: string; project: string; onAdded: () => void }) {
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const [targets, setTargets] = useState<Target[]>([...TARGETS]);
  const [sensitive, setSensitive] = useState(false);
  const { saving, error, run } = useSubmit();
  const toast = useToast();

  async function add(event: React.FormEvent) {
    event.preventDefault();
    await run(async () => {
      const body = { key: key.trim(), value, target: targets, type: sensitive ? 'sensitive' : 'encrypted' };
      await api()(`/v10/projects/${encodeURIComponent(project)}/env`, { body, query: { teamId } });
      toast.success(`Added ${body.key}. It applies from the next deployment.`);
      setKey('');
      setValue('');
      onAdded();
    });
  }

  const toggle = (t: Target) => setTargets((all) => (all.includes(t) ? all.filter((x) => x !== t) : [...all, t]));
  return (
    <SettingsForm
      id="add-env"
      title="Add environment variable"
      description="Builds of the chosen targets see it as process.env.KEY."
      note="Changes apply from the next deployment; redeploy to use them now."
      onSubmit={add}
      saving={saving}
      dirty={key.trim() !== '' && targets.length > 0}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Key"
          placeholder="API_URL"
          value={key}
          spellCheck={false}
          autoCapitalize="characters"
          onChange={(e) => setKey(e.target.value)}
        />
        <TextField
          label="Value"
          value={value}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => setValue(e.target.value)}
        />
      </div>
      <fieldset className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
        <legend className="mb-2 text-sm font-medium">Environments</legend>
        {TARGETS.map((t) => (
          <label key={t} className="flex items-center gap-2">
            <input
              type="checkbox"
              className="size-4 accent-foreground"
              checked={targets.includes(t)}
              onChange={() => toggle(t)}
            />
            {TARGET_LABEL[t]}
          </label>
        ))}
        <label className="flex items-center gap-2 sm:ml-auto">
          <input
            type="checkbox"
            className="size-4 accent-foreground"
            checked={sensitive}
            onChange={(e) => setSensitive(e.target.checked)}
          />
          Sensitive (never shown again)
        </label>
      </fieldset>
      {error && <Notice>{error}</Notice>}
    </SettingsForm>
  );
}
