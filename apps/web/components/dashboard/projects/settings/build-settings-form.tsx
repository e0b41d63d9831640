'use client';
import type { ProjectJson } from '@nimbus/api';
import { FRAMEWORK_NAMES } from '@nimbus/core';
import { Field, Notice, Select, TextField, useToast } from '@nimbus/ui';
// Build settings: framework, install and build commands, output and root directory. An empty field
// means "detect it" (the placeholder shows what detection does), exactly as the API stores it.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { api } from '../../api';
import { SettingsForm } from '../../settings-form';
import { useSubmit } from '../../use-submit';

/** Vercel's framework presets by name, plus the project's own when a client set a slug Nimbus does not list. */
function frameworkOptions(current: string): [string, string][] {
  const known = Object.entries(FRAMEWORK_NAMES).sort(([, a], [, b]) => a.localeCompare(b));
  return current && !(current in FRAMEWORK_NAMES) ? [...known, [current, current]] : known;
}

const FIELDS = [
  {
    key: 'installCommand',
    label: 'Install command',
    placeholder: 'the lockfile’s package manager: npm, pnpm, yarn or bun',
  },
  { key: 'buildCommand', label: 'Build command', placeholder: 'the framework preset’s, else the build script' },
  {
    key: 'outputDirectory',
    label: 'Output directory',
    placeholder: 'the framework preset’s folder, else public',
  },
  { key: 'rootDirectory', label: 'Root directory', placeholder: 'the top of the uploaded files' },
] as const;

type Key = 'framework' | (typeof FIELDS)[number]['key'];

export function BuildSettingsForm({
  teamId,
  project,
  canEdit,
}: {
  teamId: string;
  project: ProjectJson;
  canEdit: boolean;
}) {
  const initial = Object.fromEntries(
    (['framework', ...FIELDS.map((f) => f.key)] as Key[]).map((k) => [k, project[k] ?? '']),
  ) as Record<Key, string>;
  const [values, setValues] = useState(initial);
  const { saving, error, run } = useSubmit();
  const router = useRouter();
  const toast = useToast();
  const changed = (Object.keys(values) as Key[]).some((k) => values[k] !== initial[k]);
  const set = (key: Key, value: string) => setValues((v) => ({ ...v, [key]: value }));

  async function save(event: React.FormEvent) {
    event.preventDefault();
    await run(async () => {
      const body = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim() || null]));
      await api()(`/v9/projects/${project.id}`, { method: 'PATCH', body, query: { teamId } });
      toast.success('Build settings saved. They apply from the next deployment.');
      router.refresh();
    });
  }

  return (
    <SettingsForm
      id="build-settings"
      title="Build and output"
      description="Leave a field empty to let Nimbus detect it from package.json and the lockfile."
      note="New settings apply from the next deployment."
      onSubmit={save}
      saving={saving}
      dirty={changed}
      canEdit={canEdit}
    >
      <div className="grid max-w-2xl gap-4 sm:grid-cols-2">
        <Field label="Framework" className="sm:col-span-2">
          {(control) => (
            <Select
              {...control}
              widthClass="w-full sm:w-72"
              value={values.framework}
              disabled={!canEdit}
              onChange={(e) => set('framework', e.target.value)}
            >
              <option value="">Detect automatically</option>
              {frameworkOptions(initial.framework).map(([slug, label]) => (
                <option key={slug} value={slug}>
                  {label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {FIELDS.map((f) => (
          <TextField
            key={f.key}
            label={f.label}
            placeholder={f.placeholder}
            value={values[f.key]}
            disabled={!canEdit}
            spellCheck={false}
            onChange={(e) => set(f.key, e.target.value)}
          />
        ))}
      </div>
      {error && <Notice>{error}</Notice>}
    </SettingsForm>
  );
}
