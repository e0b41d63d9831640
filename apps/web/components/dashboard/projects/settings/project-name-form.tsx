'use client';
import type { ProjectJson } from '@nimbus/api';
import { TextField, useToast } from '@nimbus/ui';
// Renames a project. The name is part of every project URL, so after saving the page moves to the
// new address; deployments keep their own hosts.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { api } from '../../api';
import { projectPath } from '../../deployments/links';
import { SettingsForm } from '../../settings-form';
import { useSubmit } from '../../use-submit';

export function ProjectNameForm({
  team,
  project,
  canEdit,
}: {
  team: { id: string; slug: string };
  project: ProjectJson;
  canEdit: boolean;
}) {
  const [name, setName] = useState(project.name);
  const { saving, error, run } = useSubmit();
  const router = useRouter();
  const toast = useToast();

  async function save(event: React.FormEvent) {
    event.preventDefault();
    await run(async () => {
      const saved = await api()<ProjectJson>(`/v9/projects/${project.id}`, {
        method: 'PATCH',
        body: { name: name.trim() },
        query: { teamId: team.id },
      });
      toast.success('Project name saved.');
      router.replace(`${projectPath(team.slug, saved.name)}/settings`);
      router.refresh();
    });
  }

  return (
    <SettingsForm
      id="project-name"
      title="Project name"
      description="Used in the project's URLs and in the hosts of new deployments."
      note="Lower-case letters, digits, “.”, “_” and “-”, up to 100."
      onSubmit={save}
      saving={saving}
      dirty={name.trim() !== project.name}
      canEdit={canEdit}
    >
      <TextField
        label="Project name"
        className="max-w-md"
        value={name}
        disabled={!canEdit}
        maxLength={100}
        error={error}
        onChange={(e) => setName(e.target.value.toLowerCase())}
      />
    </SettingsForm>
  );
}
