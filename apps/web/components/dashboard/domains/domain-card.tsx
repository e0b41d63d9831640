'use client';
// One project domain: its status (Verification Needed until the team's TXT record is seen, then
// Valid or Invalid Configuration from the DNS check), the records to set, what the look-up sees
// now, and the actions. Refresh asks the API to verify now (POST .../verify) and re-runs the config
// check (GET /v6/domains/{d}/config); viewers may re-run the check only.
import { Badge, type BadgeTone, Button, Card, Notice, useToast } from '@nimbus/ui';
import { useState } from 'react';
import useSWR from 'swr';
import { api, errorMessage } from '../api';
import { ConfirmModal } from '../confirm-modal';
import { DnsRecords } from './dns-records';
import { DomainEdit } from './domain-edit';
import { type DnsRecord, type DomainConfigJson, domainStatus, type ProjectDomainJson } from './types';

const TONE: Record<string, BadgeTone> = {
  'Valid Configuration': 'green',
  'Invalid Configuration': 'red',
  'Verification Needed': 'amber',
};

interface Props {
  teamId: string;
  project: string;
  domain: ProjectDomainJson;
  /** The project's other domains, the redirect targets Edit offers. */
  others: string[];
  canWrite: boolean;
  onChanged: () => Promise<unknown>;
}

function Seen({ label, values }: { label: string; values: string[] }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="font-mono text-sm break-all">{values.length ? values.join(', ') : 'none'}</dd>
    </div>
  );
}

export function DomainCard({ teamId, project, domain, others, canWrite, onChanged }: Props) {
  const configKey = `/v6/domains/${encodeURIComponent(domain.name)}/config?teamId=${teamId}`;
  const { data: config, error: configError, mutate } = useSWR<DomainConfigJson>(configKey);
  const [refreshing, setRefreshing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const toast = useToast();
  const status = domainStatus(domain, config);
  const path = `/v9/projects/${encodeURIComponent(project)}/domains/${encodeURIComponent(domain.name)}`;
  const records: DnsRecord[] = [
    ...(domain.verification ?? []).map((v) => ({ type: v.type, name: v.domain, value: v.value })),
    ...(config?.records ?? []),
  ];
  const needsRecords = !domain.verified || config?.misconfigured;

  async function refresh() {
    setRefreshing(true);
    setError(null);
    try {
      if (canWrite) await api()(`${path}/verify`, { method: 'POST', query: { teamId } });
      await Promise.all([mutate(), onChanged()]);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setRefreshing(false);
    }
  }

  async function remove() {
    await api()(path, { method: 'DELETE', query: { teamId } });
    await onChanged();
    toast.success(`Removed ${domain.name}.`);
  }

  return (
    <Card
      id={`domain-${domain.name}`}
      title={domain.name}
      footer={
        <>
          <span>
            {domain.redirect
              ? `Redirects to ${domain.redirect} with ${domain.redirectStatusCode ?? 308}.`
              : `Serves ${project}'s production deployment.`}
          </span>
          <span className="flex items-center gap-1">
            <Button
              size="small"
              loading={refreshing}
              onClick={() => void refresh()}
              aria-label={`Refresh ${domain.name}`}
            >
              Refresh
            </Button>
            {canWrite && (
              <Button size="small" variant="ghost" onClick={() => setEditing(true)} aria-label={`Edit ${domain.name}`}>
                Edit
              </Button>
            )}
            {canWrite && (
              <Button
                size="small"
                variant="ghost"
                onClick={() => setRemoving(true)}
                aria-label={`Remove ${domain.name}`}
              >
                Remove
              </Button>
            )}
          </span>
        </>
      }
    >
      <p role="status" className="flex items-center gap-2 text-sm">
        {status ? <Badge tone={TONE[status]}>{status}</Badge> : <Badge>Checking DNS…</Badge>}
        {status === 'Valid Configuration' && <span className="text-muted">Nimbus serves this domain.</span>}
      </p>
      {!domain.verified && (
        <p className="text-sm text-muted">
          Prove that your team controls <span className="font-mono">{domain.apexName}</span> with the TXT record below;
          Nimbus serves {domain.name} once it sees it.
        </p>
      )}
      {domain.verified && config?.misconfigured && (
        <p className="text-sm text-muted">Point {domain.name} at Nimbus with the record below.</p>
      )}
      {needsRecords && records.length > 0 && (
        <DnsRecords caption={`DNS records to set for ${domain.name}`} records={records} />
      )}
      {config && config.records.length === 0 && (
        <Notice>
          This Nimbus has no public address configured, so there is no A or CNAME record to show: ask its operator to
          set NIMBUS_EDGE_IPV4 (or NIMBUS_CNAME_TARGET).
        </Notice>
      )}
      {config && (
        <section aria-label={`What Nimbus sees for ${domain.name}`} className="flex flex-col gap-2">
          <h3 className="text-sm font-medium">What Nimbus sees now</h3>
          <dl className="grid gap-3 sm:grid-cols-3">
            <Seen label="A" values={config.current.a} />
            <Seen label="AAAA" values={config.current.aaaa} />
            <Seen label="CNAME" values={config.current.cname} />
          </dl>
          {config.current.error && <p className="text-sm text-muted">The look-up failed: {config.current.error}</p>}
        </section>
      )}
      {configError && <Notice>{errorMessage(configError)}</Notice>}
      {error && <Notice>{error}</Notice>}
      {canWrite && (
        <DomainEdit
          open={editing}
          onClose={() => setEditing(false)}
          teamId={teamId}
          path={path}
          domain={domain}
          others={others}
          onSaved={async () => {
            await onChanged();
            toast.success(`Saved ${domain.name}.`);
          }}
        />
      )}
      <ConfirmModal
        open={removing}
        onClose={() => setRemoving(false)}
        title="Remove domain"
        description={`${domain.name} stops serving ${project} at once, and domains that redirect to it serve the deployment instead. The team keeps ${domain.apexName} and its verification (Team settings, Domains).`}
        confirmLabel="Remove"
        onConfirm={remove}
      />
    </Card>
  );
}
