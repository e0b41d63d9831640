'use client';
// Deployment Protection settings: Nimbus Authentication (team members only) and a password, each
// with the deployments it covers. The password is only ever sent, never shown: leaving the field
// empty keeps the stored one.
import type { ProjectJson } from '@nimbus/api';
import {
  PROTECTION_DEPLOYMENT_TYPE_LABELS,
  PROTECTION_DEPLOYMENT_TYPES,
  type ProtectionDeploymentType,
} from '@nimbus/core';
import { Field, Select, TextField, useToast } from '@nimbus/ui';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { api } from '../../api';
import { SettingsForm } from '../../settings-form';
import { useSubmit } from '../../use-submit';

function ScopeSelect({
  label,
  value,
  disabled,
  onChange,
}: {
  label: string;
  value: ProtectionDeploymentType;
  disabled: boolean;
  onChange: (value: ProtectionDeploymentType) => void;
}) {
  return (
    <Field label={label}>
      {(control) => (
        <Select
          {...control}
          widthClass="w-full sm:w-96"
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value as ProtectionDeploymentType)}
        >
          {PROTECTION_DEPLOYMENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {PROTECTION_DEPLOYMENT_TYPE_LABELS[t]}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

export function ProtectionForm({
  teamId,
  project,
  canEdit,
}: {
  teamId: string;
  project: ProjectJson;
  canEdit: boolean;
}) {
  const [sso, setSso] = useState(!!project.ssoProtection);
  const [ssoType, setSsoType] = useState(project.ssoProtection?.deploymentType ?? 'preview');
  const [pw, setPw] = useState(!!project.passwordProtection);
  const [pwType, setPwType] = useState(project.passwordProtection?.deploymentType ?? 'preview');
  const [password, setPassword] = useState('');
  const { saving, error, run } = useSubmit();
  const router = useRouter();
  const toast = useToast();

  const dirty =
    sso !== !!project.ssoProtection ||
    (sso && ssoType !== project.ssoProtection?.deploymentType) ||
    pw !== !!project.passwordProtection ||
    (pw && pwType !== project.passwordProtection?.deploymentType) ||
    (pw && password !== '');

  async function save(event: React.FormEvent) {
    event.preventDefault();
    await run(async () => {
      await api()<ProjectJson>(`/v9/projects/${project.id}`, {
        method: 'PATCH',
        body: {
          ssoProtection: sso ? { deploymentType: ssoType } : null,
          passwordProtection: pw ? { deploymentType: pwType, ...(password ? { password } : {}) } : null,
        },
        query: { teamId },
      });
      setPassword('');
      toast.success('Deployment protection saved.');
      router.refresh();
    });
  }

  return (
    <SettingsForm
      id="deployment-protection"
      title="Deployment Protection"
      description="Decide who can open this project's deployments. Protection applies to every file and function, and changes take effect within seconds."
      note="Production stays public unless a method covers all deployments."
      onSubmit={save}
      saving={saving}
      dirty={dirty}
      canEdit={canEdit}
    >
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="size-4 accent-foreground"
          checked={sso}
          disabled={!canEdit}
          onChange={(e) => setSso(e.target.checked)}
        />
        Nimbus Authentication
      </label>
      <p className="text-sm text-muted">Only members of this team can open covered deployments, after logging in.</p>
      {sso && <ScopeSelect label="Authentication covers" value={ssoType} disabled={!canEdit} onChange={setSsoType} />}
      <label className="mt-2 flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="size-4 accent-foreground"
          checked={pw}
          disabled={!canEdit}
          onChange={(e) => setPw(e.target.checked)}
        />
        Password Protection
      </label>
      <p className="text-sm text-muted">Anyone with the password can open covered deployments.</p>
      {pw && (
        <>
          <ScopeSelect label="Password covers" value={pwType} disabled={!canEdit} onChange={setPwType} />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            className="max-w-md"
            value={password}
            disabled={!canEdit}
            maxLength={256}
            placeholder={project.passwordProtection ? 'Leave empty to keep the current password' : ''}
            onChange={(e) => setPassword(e.target.value)}
          />
        </>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </SettingsForm>
  );
}
