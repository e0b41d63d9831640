'use client';
import type { TeamJson } from '@nimbus/api';
import { SLUG_MAX, validateSlug } from '@nimbus/core';
import { useToast } from '@nimbus/ui';
// Changes the team's URL slug. Its pages move with it, so after saving we open the same settings
// page at the new address and keep the scope cookie pointing at the team.
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { api } from '../api';
import { setScopeCookie } from '../scope-cookie';
import { SettingsForm } from '../settings-form';
import { useSubmit } from '../use-submit';
import { SlugField } from './slug-field';

export function TeamSlugForm({
  team,
  canEdit,
  host,
}: {
  team: Pick<TeamJson, 'id' | 'slug'>;
  canEdit: boolean;
  host: string;
}) {
  const [slug, setSlug] = useState(team.slug);
  const { saving, error, setError, run } = useSubmit({ navigates: true });
  const [, startTransition] = useTransition();
  const router = useRouter();
  const toast = useToast();

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const problem = validateSlug(slug);
    setError(problem);
    if (problem) return;
    await run(async () => {
      const updated = await api()<TeamJson>(`/v2/teams/${team.id}`, { method: 'PATCH', body: { slug } });
      setScopeCookie(updated.slug);
      toast.success(`The team now lives at /${updated.slug}.`);
      startTransition(() => {
        router.replace(`/${updated.slug}/~/settings`);
        router.refresh();
      });
    });
  }

  return (
    <SettingsForm
      id="team-url"
      title="Team URL"
      description="The address of the team's pages in the dashboard and its scope for the CLI (--scope)."
      note={`Lowercase letters, numbers and dashes; ${SLUG_MAX} characters at most.`}
      onSubmit={save}
      saving={saving}
      dirty={slug !== team.slug}
      canEdit={canEdit}
    >
      <SlugField
        host={host}
        value={slug}
        readOnly={!canEdit}
        error={error}
        className="max-w-md"
        onChange={(value) => {
          setSlug(value);
          if (error) setError(null);
        }}
      />
    </SettingsForm>
  );
}
