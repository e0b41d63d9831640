'use client';
import { parseEnvText } from '@nimbus/core';
import { Button, Notice, TextField, useToast } from '@nimbus/ui';
// Adds environment variables for one or more targets. Production and preview builds read them from
// their next deployment; "sensitive" values can be used by builds but never shown again. Pasting
// `.env` text into a Key field (`FOO=1 BAR=two`, or one per line) splits it into one row per
// variable, all sent in one request, which the API takes or refuses as a whole.
import { useState } from 'react';
import { api } from '../../api';
import { SettingsForm } from '../../settings-form';
import { useSubmit } from '../../use-submit';
import { EnvOptions } from './env-options';
import { TARGETS, type Target } from './env-targets';

type Row = { key: string; value: string };
const EMPTY: Row = { key: '', value: '' };

export function EnvVarForm({ teamId, project, onAdded }: { teamId: string; project: string; onAdded: () => void }) {
  const [rows, setRows] = useState<Row[]>([EMPTY]);
  const [targets, setTargets] = useState<Target[]>([...TARGETS]);
  const [sensitive, setSensitive] = useState(false);
  const { saving, error, run } = useSubmit();
  const toast = useToast();
  const filled = rows.filter((r) => r.key.trim() !== '');

  const set = (index: number, row: Partial<Row>) =>
    setRows((all) => all.map((r, i) => (i === index ? { ...r, ...row } : r)));

  function paste(index: number, event: React.ClipboardEvent<HTMLInputElement>) {
    const pairs = parseEnvText(event.clipboardData.getData('text'));
    if (!pairs) return;
    event.preventDefault();
    setRows((all) => [...all.slice(0, index), ...pairs, ...all.slice(index + 1)]);
  }

  async function add(event: React.FormEvent) {
    event.preventDefault();
    await run(async () => {
      const type = sensitive ? 'sensitive' : 'encrypted';
      const body = filled.map((r) => ({ key: r.key.trim(), value: r.value, target: targets, type }));
      await api()(`/v10/projects/${encodeURIComponent(project)}/env`, {
        body: body.length === 1 ? body[0] : body,
        query: { teamId },
      });
      const names = body.length === 1 ? body[0]!.key : `${body.length} variables`;
      toast.success(`Added ${names}. It applies from the next deployment.`);
      setRows([EMPTY]);
      onAdded();
    });
  }

  return (
    <SettingsForm
      id="add-env"
      title="Add environment variable"
      description="Builds of the chosen targets see it as process.env.KEY. Paste a .env file into Key to add each of its variables."
      note="Changes apply from the next deployment; redeploy to use them now."
      onSubmit={add}
      saving={saving}
      dirty={filled.length > 0 && targets.length > 0}
    >
      <ul aria-label="New variables" className="flex flex-col gap-3">
        {rows.map((row, i) => {
          const n = i === 0 ? '' : ` ${i + 1}`;
          return (
            <li key={i} className="grid items-end gap-4 sm:grid-cols-[1fr_1fr_auto]">
              <TextField
                label={`Key${n}`}
                placeholder="API_URL"
                value={row.key}
                spellCheck={false}
                autoCapitalize="characters"
                onPaste={(e) => paste(i, e)}
                onChange={(e) => set(i, { key: e.target.value })}
              />
              <TextField
                label={`Value${n}`}
                value={row.value}
                spellCheck={false}
                autoComplete="off"
                onChange={(e) => set(i, { value: e.target.value })}
              />
              {rows.length > 1 && (
                <Button
                  size="small"
                  variant="ghost"
                  aria-label={`Remove row ${row.key || i + 1}`}
                  onClick={() => setRows((all) => all.filter((_, j) => j !== i))}
                >
                  Remove
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <Button size="small" variant="ghost" className="self-start" onClick={() => setRows((all) => [...all, EMPTY])}>
        Add another
      </Button>
      <EnvOptions targets={targets} onTargets={setTargets} sensitive={sensitive} onSensitive={setSensitive} />
      {error && <Notice>{error}</Notice>}
    </SettingsForm>
  );
}
