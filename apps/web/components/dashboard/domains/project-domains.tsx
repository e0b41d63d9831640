'use client';
// The project's Domains tab: a form that adds a domain (checked in the browser with the same rules
// and messages as the API, @nimbus/core's checkDomain, then by the API itself) and a card per domain.
import { checkDomain } from '@nimbus/core';
import { Card, TextField, useToast } from '@nimbus/ui';
import { useState } from 'react';
import useSWR from 'swr';
import { api } from '../api';
import { SettingsForm } from '../settings-form';
import { useSubmit } from '../use-submit';
import { DomainCard } from './domain-card';
import type { ProjectDomainJson } from './types';

interface Props {
  teamId: string;
  project: string;
  initial: ProjectDomainJson[];
  canWrite: boolean;
  deployDomain: string;
}

export function ProjectDomains({ teamId, project, initial, canWrite, deployDomain }: Props) {
  const key = `/v9/projects/${encodeURIComponent(project)}/domains?teamId=${teamId}`;
  const { data, mutate } = useSWR<{ domains: ProjectDomainJson[] }>(key, { fallbackData: { domains: initial } });
  const domains = data?.domains ?? [];
  const [name, setName] = useState('');
  const { saving, error, setError, run } = useSubmit();
  const toast = useToast();

  async function add(event: React.FormEvent) {
    event.preventDefault();
    const check = checkDomain(name, deployDomain);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    await run(async () => {
      const added = await api()<ProjectDomainJson>(`/v10/projects/${encodeURIComponent(project)}/domains`, {
        body: { name: check.name },
        query: { teamId },
      });
      setName('');
      await mutate();
      toast.success(
        added.verified ? `Added ${added.name}.` : `Added ${added.name}. Set the DNS records shown to verify it.`,
      );
    });
  }

  return (
    <>
      {canWrite && (
        <SettingsForm
          id="add-domain"
          title="Add domain"
          description="A domain you own, or a subdomain of one. Nimbus serves it once the DNS records it shows are set."
          note="Nimbus hosts no DNS: you set the records at your DNS provider."
          onSubmit={add}
          saving={saving}
          dirty={name.trim() !== ''}
        >
          <TextField
            label="Domain"
            placeholder="www.example.com"
            value={name}
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            error={error}
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
          />
        </SettingsForm>
      )}
      {domains.length ? (
        <ul aria-label="Domains" className="flex flex-col gap-6">
          {domains.map((d) => (
            <li key={d.name}>
              <DomainCard
                teamId={teamId}
                project={project}
                domain={d}
                others={domains.filter((o) => o.name !== d.name).map((o) => o.name)}
                canWrite={canWrite}
                onChanged={() => mutate()}
              />
            </li>
          ))}
        </ul>
      ) : (
        <Card id="no-domains" className="border-dashed">
          <p className="text-sm text-muted">
            No domains yet. {project} is served on its deployment host until you add one.
          </p>
        </Card>
      )}
    </>
  );
}
