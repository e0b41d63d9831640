'use client';
import type { TeamJson } from '@nimbus/api';
import { SLUG_MAX, validateSlug } from '@nimbus/core';
import { Button, Card, Field, Input, useToast } from '@nimbus/ui';
// Changes the team's URL slug. Its pages move with it, so after saving we open the same settings
// page at the new address and keep the scope cookie pointing at the team.
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { api } from '../api';
import { setScopeCookie } from '../scope-cookie';
import { useSubmit } from '../use-submit';

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
    <form onSubmit={save} noValidate>
      <Card
        id="team-url"
        title="Team URL"
        description="The address of the team's pages in the dashboard and its scope for the CLI (--scope)."
        footer={
          <>
            <span>Lowercase letters, numbers and dashes; {SLUG_MAX} characters at most.</span>
            {canEdit && (
              <Button type="submit" variant="primary" size="small" loading={saving} disabled={slug === team.slug}>
                Save
              </Button>
            )}
          </>
        }
      >
        <Field label="Team URL" error={error} className="max-w-md">
          {(control) => (
            <div className="flex items-stretch">
              <span className="flex items-center rounded-l-md border border-r-0 border-border bg-subtle px-3 text-sm text-muted">
                {host}/
              </span>
              <Input
                {...control}
                className="rounded-l-none"
                value={slug}
                readOnly={!canEdit}
                maxLength={SLUG_MAX}
                autoCapitalize="off"
                spellCheck={false}
                onChange={(e) => {
                  setSlug(e.target.value.toLowerCase());
                  if (error) setError(null);
                }}
              />
            </div>
          )}
        </Field>
      </Card>
    </form>
  );
}
