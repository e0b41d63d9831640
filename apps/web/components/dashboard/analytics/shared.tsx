'use client';
// Pieces both insight tabs share: the period switch, the enable button (Owners and Members; others
// are told who may press it), the Disable and Respect Do Not Track controls, and the empty state with the script tag and the @vercel packages.
import type { Role } from '@nimbus/core';
import { Button, Card, CopyButton, cx, useToast } from '@nimbus/ui';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { api, errorMessage } from '../api';
import { ConfirmModal } from '../confirm-modal';

export const PERIODS = [
  { id: '24h', label: 'Last 24 hours' },
  { id: '7d', label: 'Last 7 days' },
  { id: '30d', label: 'Last 30 days' },
] as const;

/** The tab's URL with `changes` applied (null removes a key); filters and the period live in the URL. */
export function hrefWith(base: string, params: Record<string, string>, changes: Record<string, string | null>) {
  const next = new URLSearchParams(params);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) next.delete(k);
    else next.set(k, v);
  }
  const qs = next.toString();
  return qs ? `${base}?${qs}` : base;
}

export function PeriodSwitch({
  base,
  params,
  period,
}: {
  base: string;
  params: Record<string, string>;
  period: string;
}) {
  return (
    <nav aria-label="Period" className="flex gap-1 rounded-lg border border-border p-1 text-sm">
      {PERIODS.map((p) => (
        <Link
          key={p.id}
          href={hrefWith(base, params, { period: p.id })}
          aria-current={p.id === period ? 'page' : undefined}
          className={cx(
            'rounded-md px-3 py-1',
            p.id === period ? 'bg-subtle font-medium text-foreground' : 'text-muted hover:text-foreground',
          )}
        >
          {p.label}
        </Link>
      ))}
    </nav>
  );
}

export const SCRIPT_TAG = '<script defer src="/_nimbus/insights/script.js"></script>';

/** What to add to the site when there are no figures yet. */
export function SetupSteps({ what }: { what: 'analytics' | 'speed' }) {
  const component = what === 'analytics' ? 'Analytics' : 'SpeedInsights';
  const pkg = what === 'analytics' ? '@vercel/analytics' : '@vercel/speed-insights';
  const jsx = `import { ${component} } from '${pkg}/next';\n\n// in the root layout, inside <body>:\n<${component} />`;
  return (
    <Card
      title="No data yet"
      description="Add the script to your pages, deploy, and visits appear here within a minute."
    >
      <div className="flex flex-col gap-4 text-sm">
        <p>Add this tag to every page (in the root layout or the HTML head):</p>
        <div className="flex items-start gap-2">
          <pre className="flex-1 overflow-x-auto rounded-md bg-subtle p-3 font-mono text-xs" data-testid="script-tag">
            {SCRIPT_TAG}
          </pre>
          <CopyButton value={SCRIPT_TAG} />
        </div>
        <p>
          Or, in an app that already uses <code>{pkg}</code>, keep its component: it reports to Nimbus unchanged.
        </p>
        <pre className="overflow-x-auto rounded-md bg-subtle p-3 font-mono text-xs">{jsx}</pre>
        <p>
          <Link className="underline" href={what === 'analytics' ? '/docs/web-analytics' : '/docs/speed-insights'}>
            Read the docs
          </Link>
        </p>
      </div>
    </Card>
  );
}

/** The enable card shown while the feature is off. */
export function EnableCard({
  teamId,
  project,
  field,
  title,
  description,
  canWrite,
  role,
}: {
  teamId: string;
  project: string;
  field: 'webAnalytics' | 'speedInsights';
  title: string;
  description: string;
  canWrite: boolean;
  role: Role;
}) {
  const router = useRouter();
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  async function enable() {
    setSaving(true);
    try {
      await api()(`/v1/web-analytics/${encodeURIComponent(project)}`, {
        method: 'PATCH',
        body: { [field]: true },
        query: { teamId },
      });
      toast.success(`${title} is on.`);
      router.refresh();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }
  return (
    <Card title={`${title} is off`} description={description}>
      {canWrite ? (
        <Button variant="primary" onClick={enable} disabled={saving}>
          {saving ? 'Enabling…' : `Enable ${title}`}
        </Button>
      ) : (
        <p role="note" className="text-sm text-muted">
          You are a {role.toLowerCase()} of this team: an owner or member can enable {title}.
        </p>
      )}
    </Card>
  );
}

/**
 * The controls shown while the feature is on: Disable (after a confirmation) and, for Web Analytics,
 * the Respect Do Not Track switch. Like the enable button, Owners and Members only.
 */
export function SwitchCard({
  teamId,
  project,
  field,
  title,
  respectDnt,
  canWrite,
  role,
}: {
  teamId: string;
  project: string;
  field: 'webAnalytics' | 'speedInsights';
  title: string;
  respectDnt?: boolean;
  canWrite: boolean;
  role: Role;
}) {
  const router = useRouter();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  async function save(body: Record<string, boolean>, done: string) {
    await api()(`/v1/web-analytics/${encodeURIComponent(project)}`, { method: 'PATCH', body, query: { teamId } });
    toast.success(done);
    router.refresh();
  }
  async function toggleDnt() {
    setSaving(true);
    try {
      await save(
        { respectDnt: !respectDnt },
        respectDnt ? 'Do Not Track is no longer respected.' : 'Browsers that send Do Not Track are not counted.',
      );
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }
  return (
    <Card
      title={`${title} is on`}
      description="Deployments serve the insights script and collect what it sends."
      footer={
        canWrite ? (
          <>
            <span>Turning it off stops collection at once; the figures already collected stay.</span>
            <Button variant="danger" size="small" onClick={() => setConfirming(true)}>
              Disable {title}
            </Button>
          </>
        ) : undefined
      }
    >
      {field === 'webAnalytics' && (
        <label className="flex items-center gap-3 text-sm">
          <input
            type="checkbox"
            role="switch"
            checked={Boolean(respectDnt)}
            aria-checked={Boolean(respectDnt)}
            disabled={!canWrite || saving}
            onChange={toggleDnt}
            aria-describedby="dnt-help"
          />
          <span>Respect Do Not Track</span>
        </label>
      )}
      {field === 'webAnalytics' && (
        <p id="dnt-help" className="mt-1 text-sm text-muted">
          When on, visits from browsers that send <code>DNT: 1</code> are not counted.
        </p>
      )}
      {!canWrite && (
        <p role="note" className="mt-2 text-sm text-muted">
          You are a {role.toLowerCase()} of this team: an owner or member can change {title}.
        </p>
      )}
      <ConfirmModal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={`Disable ${title}`}
        description={`Deployments stop serving the insights script and ${title} stops collecting at once. The figures already collected stay.`}
        confirmLabel={`Disable ${title}`}
        onConfirm={() => save({ [field]: false }, `${title} is off.`)}
      />
    </Card>
  );
}
