'use client';
import type { EnvJson } from '@nimbus/api';
import { Button, Notice, TextField } from '@nimbus/ui';
// Edits one variable in its row: key, value, environments, and "sensitive" where allowed (a
// sensitive variable stays sensitive). The value is sent only when it was changed, so an edit of
// the environments never needs to read a value, and a sensitive value is never shown.
import { useState } from 'react';
import { api } from '../../api';
import { useSubmit } from '../../use-submit';
import { EnvOptions } from './env-options';
import type { Target } from './env-targets';

export function EnvVarEdit({
  teamId,
  project,
  variable,
  current,
  onDone,
}: {
  teamId: string;
  project: string;
  variable: EnvJson;
  /** The decrypted value when the editor may read it; else the field starts empty. */
  current: string | null;
  onDone: (saved: EnvJson | null) => void;
}) {
  const wasSensitive = variable.type === 'sensitive';
  const [key, setKey] = useState(variable.key);
  const [value, setValue] = useState(current ?? '');
  const [valueChanged, setValueChanged] = useState(false);
  const [targets, setTargets] = useState<Target[]>(variable.target as Target[]);
  const [sensitive, setSensitive] = useState(wasSensitive);
  const { saving, error, run } = useSubmit();

  async function save(event: React.FormEvent) {
    event.preventDefault();
    await run(async () => {
      const body = {
        key: key.trim(),
        target: targets,
        type: sensitive ? 'sensitive' : variable.type === 'plain' ? 'plain' : 'encrypted',
        ...(valueChanged ? { value } : {}),
      };
      const saved = await api()<EnvJson>(`/v9/projects/${encodeURIComponent(project)}/env/${variable.id}`, {
        method: 'PATCH',
        body,
        query: { teamId },
      });
      onDone(saved);
    });
  }

  return (
    <form onSubmit={save} noValidate aria-label={`Edit ${variable.key}`} className="flex flex-col gap-3">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Key"
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
          placeholder={current === null ? 'Unchanged: type a new value to replace it' : undefined}
          onChange={(e) => (setValue(e.target.value), setValueChanged(true))}
        />
      </div>
      <EnvOptions
        targets={targets}
        onTargets={setTargets}
        sensitive={sensitive}
        onSensitive={setSensitive}
        lockSensitive={wasSensitive}
      />
      {error && <Notice>{error}</Notice>}
      <div className="flex justify-end gap-2">
        <Button size="small" variant="ghost" onClick={() => onDone(null)}>
          Cancel
        </Button>
        <Button
          type="submit"
          size="small"
          variant="primary"
          loading={saving}
          disabled={!key.trim() || targets.length === 0}
        >
          Save
        </Button>
      </div>
    </form>
  );
}
