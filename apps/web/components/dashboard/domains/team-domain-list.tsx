'use client';
// The team's domains (apexes): verified or not, the TXT record that verifies one, the names under it
// and the project each serves. Removing a domain removes those names from their projects too.
import { Badge, Button, Card, useToast } from '@nimbus/ui';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { api } from '../api';
import { ConfirmModal } from '../confirm-modal';
import { projectPath } from '../deployments/links';
import { DnsRecords } from './dns-records';
import type { VerificationRecord } from './types';

export interface TeamDomainRow {
  name: string;
  verified: boolean;
  verification: VerificationRecord[];
  names: { name: string; project: string }[];
}

interface Props {
  teamId: string;
  teamSlug: string;
  domains: TeamDomainRow[];
  canWrite: boolean;
}

export function TeamDomainList({ teamId, teamSlug, domains, canWrite }: Props) {
  const [removing, setRemoving] = useState<TeamDomainRow | null>(null);
  const router = useRouter();
  const toast = useToast();

  async function remove(d: TeamDomainRow) {
    await api()(`/v6/domains/${encodeURIComponent(d.name)}`, { method: 'DELETE', query: { teamId } });
    router.refresh();
    toast.success(`Removed ${d.name}.`);
  }

  return (
    <Card
      id="team-domains"
      title="Domains"
      description="Add a domain from a project's Domains tab; the team verifies its apex once, for every project."
    >
      {domains.length ? (
        <ul aria-label="Team domains" className="divide-y divide-border rounded-md border border-border">
          {domains.map((d) => (
            <li key={d.name} className="flex flex-col gap-3 px-4 py-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="flex items-center gap-2">
                  <span className="font-mono text-sm font-medium">{d.name}</span>
                  <Badge tone={d.verified ? 'green' : 'amber'}>{d.verified ? 'Verified' : 'Verification Needed'}</Badge>
                </span>
                {canWrite && (
                  <Button size="small" variant="ghost" aria-label={`Remove ${d.name}`} onClick={() => setRemoving(d)}>
                    Remove
                  </Button>
                )}
              </div>
              {d.names.length ? (
                <ul aria-label={`Names under ${d.name}`} className="flex flex-col gap-1 text-sm">
                  {d.names.map((n) => (
                    <li key={n.name} className="flex flex-wrap gap-x-2">
                      <span className="font-mono">{n.name}</span>
                      <span className="text-muted">serves</span>
                      <Link
                        href={`${projectPath(teamSlug, n.project)}/domains`}
                        className="underline-offset-4 hover:underline"
                      >
                        {n.project}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-muted">No project uses it.</p>
              )}
              {!d.verified && d.verification.length > 0 && (
                <DnsRecords
                  caption={`TXT record that verifies ${d.name}`}
                  records={d.verification.map((v) => ({ type: v.type, name: v.domain, value: v.value }))}
                />
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">No domains yet.</p>
      )}
      <ConfirmModal
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remove domain"
        description={`${removing?.name ?? 'The domain'} and every name under it stop being served, and leave the projects that use them.`}
        confirmLabel="Remove"
        onConfirm={() => remove(removing!)}
      />
    </Card>
  );
}
