'use client';
import type { TeamJson } from '@nimbus/api';
import { ApiError } from '@nimbus/client';
import { slugify, TEAM_NAME_MAX, validateSlug, validateTeamName } from '@nimbus/core';
import { Button, Card, TextField, useToast } from '@nimbus/ui';
// Creates a team. The name follows docs/spec.md §5 exactly (the same validateTeamName as the API), checked
// as the user types once the field was left or the form submitted; the slug follows the name
// until the user edits it. Errors the server finds (slug taken) land on the field they concern.
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { api, errorMessage } from '../api';
import { setScopeCookie } from '../scope-cookie';
import { SlugField } from './slug-field';

export function CreateTeamForm({ host }: { host: string }) {
  const [name, setName] = useState('');
  const [customSlug, setCustomSlug] = useState<string | null>(null);
  const [checkName, setCheckName] = useState(false);
  const [serverError, setServerError] = useState<{ field: 'name' | 'slug' | 'form'; message: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [, startTransition] = useTransition();
  const router = useRouter();
  const toast = useToast();

  const slug = customSlug ?? slugify(name);
  const nameError =
    (checkName ? validateTeamName(name) : null) ?? (serverError?.field === 'name' ? serverError.message : null);
  const slugError = (slug ? validateSlug(slug) : null) ?? (serverError?.field === 'slug' ? serverError.message : null);

  async function create(event: React.FormEvent) {
    event.preventDefault();
    setCheckName(true);
    setServerError(null);
    if (validateTeamName(name) || (slug && validateSlug(slug))) return;
    setSaving(true);
    try {
      const team = await api()<TeamJson>('/v1/teams', { body: { name: name.trim(), ...(slug ? { slug } : {}) } });
      setScopeCookie(team.slug);
      toast.success(`Team ${team.name ?? team.slug} created.`);
      startTransition(() => {
        router.push(`/${team.slug}`);
        router.refresh();
      });
    } catch (err) {
      const code = err instanceof ApiError ? err.code : '';
      const field =
        code === 'invalid_name' ? 'name' : code === 'slug_taken' || code === 'invalid_slug' ? 'slug' : 'form';
      setServerError({ field, message: errorMessage(err) });
      setSaving(false);
    }
  }

  return (
    <form onSubmit={create} noValidate>
      <Card
        footer={
          <>
            <span>You will be the team&apos;s owner. The team starts on the Hobby plan.</span>
            <Button type="submit" variant="primary" loading={saving}>
              Create team
            </Button>
          </>
        }
      >
        <TextField
          label="Team name"
          placeholder="Acme"
          autoFocus
          value={name}
          maxLength={TEAM_NAME_MAX}
          error={nameError}
          hint="Letters, numbers, spaces, apostrophes, underscores and dashes."
          onBlur={() => name && setCheckName(true)}
          onChange={(e) => {
            setName(e.target.value);
            if (serverError?.field === 'name') setServerError(null);
          }}
        />
        <SlugField
          host={host}
          value={slug}
          error={slugError}
          hint="Changes as you type the name until you edit it."
          onChange={(value) => {
            setCustomSlug(value);
            if (serverError?.field === 'slug') setServerError(null);
          }}
        />
        {serverError?.field === 'form' && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {serverError.message}
          </p>
        )}
      </Card>
    </form>
  );
}
