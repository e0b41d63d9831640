'use client';
// The Integrations section of team settings: git connections, outgoing webhooks (add one, see its
// secret once, its deliveries with each attempt's status, send one again, remove it) and log drains.
import { Badge, Button, Card, CopyButton, Notice, TextField, useToast } from '@nimbus/ui';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { api } from '../api';
import { useSubmit } from '../use-submit';

interface Attempt {
  at: number;
  status: number | null;
  response: string;
  durationMs: number;
}
interface Delivery {
  id: string;
  event: string;
  state: 'pending' | 'succeeded' | 'failed';
  createdAt: number;
  attempts: Attempt[];
}
interface Webhook {
  id: string;
  url: string;
  events: string[];
  deliveries: Delivery[];
}
interface LogDrain {
  id: string;
  name: string;
  url: string;
  deliveryFormat: string;
  sources: string[];
  samplingRate: number;
  status: 'enabled' | 'disabled';
  disabledReason?: string;
}

interface Props {
  teamId: string;
  canWrite: boolean;
  events: string[];
  webhooks: Webhook[];
  logDrains: LogDrain[];
  git: { provider: string; repository: string; projectId: string }[];
}

const STATE_TONE = { pending: 'amber', succeeded: 'green', failed: 'red' } as const;

export function IntegrationsPanel({ teamId, canWrite, events, webhooks, logDrains, git }: Props) {
  const router = useRouter();
  const toast = useToast();
  const { saving, error, run } = useSubmit();
  const [url, setUrl] = useState('');
  const [chosen, setChosen] = useState<string[]>(['deployment.succeeded', 'deployment.error']);
  const [secret, setSecret] = useState<string | null>(null);

  async function create(event: React.FormEvent) {
    event.preventDefault();
    await run(async () => {
      const made = await api()<{ secret: string }>('/v1/webhooks', {
        method: 'POST',
        body: { url: url.trim(), events: chosen },
        query: { teamId },
      });
      setSecret(made.secret);
      setUrl('');
      router.refresh();
    });
  }

  async function call(path: string, method: 'POST' | 'DELETE', done: string) {
    await api()(path, { method, query: { teamId } });
    toast.success(done);
    router.refresh();
  }

  return (
    <div className="flex flex-col gap-8">
      <Card
        id="webhooks"
        title="Webhooks"
        description="Nimbus POSTs each chosen event, signed with HMAC-SHA1 of the body in x-vercel-signature, and retries failed deliveries with back-off for a day."
      >
        {canWrite && (
          <form onSubmit={create} aria-label="Add a webhook" className="flex flex-col gap-3">
            <TextField
              label="Endpoint URL"
              type="url"
              required
              placeholder="https://example.com/nimbus"
              value={url}
              error={error}
              onChange={(e) => setUrl(e.target.value)}
            />
            <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              <legend className="mb-1 text-sm font-medium">Events</legend>
              {events.map((name) => (
                <label key={name} className="flex items-center gap-1 font-mono">
                  <input
                    type="checkbox"
                    checked={chosen.includes(name)}
                    onChange={(e) => setChosen(e.target.checked ? [...chosen, name] : chosen.filter((x) => x !== name))}
                  />
                  {name}
                </label>
              ))}
            </fieldset>
            <div>
              <Button type="submit" disabled={saving || chosen.length === 0}>
                Add webhook
              </Button>
            </div>
          </form>
        )}
        {secret && (
          <Notice tone="note">
            <span className="flex flex-wrap items-center gap-2">
              Signing secret: copy it now; it is not shown again. <code className="font-mono">{secret}</code>
              <CopyButton value={secret} />
            </span>
          </Notice>
        )}
        {webhooks.length ? (
          <ul aria-label="Webhooks" className="mt-4 divide-y divide-border rounded-md border border-border">
            {webhooks.map((w) => (
              <li key={w.id} className="flex flex-col gap-2 px-4 py-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-mono text-sm font-medium">{w.url}</span>
                  {canWrite && (
                    <Button
                      size="small"
                      variant="ghost"
                      aria-label={`Remove ${w.url}`}
                      onClick={() => call(`/v1/webhooks/${w.id}`, 'DELETE', 'Webhook removed.')}
                    >
                      Remove
                    </Button>
                  )}
                </div>
                <p className="text-xs text-muted">{w.events.join(', ')}</p>
                {w.deliveries.length ? (
                  <table aria-label={`Deliveries to ${w.url}`} className="text-left text-sm">
                    <thead className="text-xs text-muted">
                      <tr>
                        <th className="py-1 pr-3 font-normal">Event</th>
                        <th className="py-1 pr-3 font-normal">State</th>
                        <th className="py-1 pr-3 font-normal">Attempts</th>
                        <th className="py-1 font-normal" />
                      </tr>
                    </thead>
                    <tbody>
                      {w.deliveries.map((d) => (
                        <tr key={d.id}>
                          <td className="py-1 pr-3 font-mono">{d.event}</td>
                          <td className="py-1 pr-3">
                            <Badge tone={STATE_TONE[d.state]}>{d.state}</Badge>
                          </td>
                          <td className="py-1 pr-3">
                            {d.attempts.length
                              ? d.attempts.map((a) => a.status ?? 'no answer').join(' → ')
                              : 'not sent yet'}
                            {d.attempts.at(-1)?.response ? (
                              <span className="block max-w-md truncate text-xs text-muted">
                                {d.attempts.at(-1)!.response}
                              </span>
                            ) : null}
                          </td>
                          <td className="py-1">
                            {canWrite && (
                              <Button
                                size="small"
                                variant="ghost"
                                onClick={() =>
                                  call(`/v1/webhooks/${w.id}/deliveries/${d.id}/redeliver`, 'POST', 'Sending it again.')
                                }
                              >
                                Redeliver
                              </Button>
                            )}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                ) : (
                  <p className="text-sm text-muted">No deliveries yet.</p>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-4 text-sm text-muted">No webhooks yet.</p>
        )}
      </Card>

      <Card
        id="log-drains"
        title="Log drains"
        description="Build and function logs sent in batches as JSON or NDJSON, signed like webhooks. Add one with POST /v1/log-drains; a drain that keeps failing is disabled and the owners are mailed."
      >
        {logDrains.length ? (
          <ul aria-label="Log drains" className="divide-y divide-border rounded-md border border-border">
            {logDrains.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
                <span className="flex flex-col">
                  <span className="font-medium">
                    {d.name} <Badge tone={d.status === 'enabled' ? 'green' : 'red'}>{d.status}</Badge>
                  </span>
                  <span className="font-mono text-xs text-muted">
                    {d.url} · {d.deliveryFormat} · {d.sources.join(', ')} · {Math.round(d.samplingRate * 100)}%
                  </span>
                  {d.disabledReason && <span className="text-xs text-muted">{d.disabledReason}</span>}
                </span>
                {canWrite && (
                  <Button
                    size="small"
                    variant="ghost"
                    aria-label={`Remove log drain ${d.name}`}
                    onClick={() => call(`/v1/log-drains/${d.id}`, 'DELETE', 'Log drain removed.')}
                  >
                    Remove
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">No log drains yet.</p>
        )}
      </Card>

      <Card id="git" title="Git connections" description="Projects connected to a git repository.">
        {git.length ? (
          <ul aria-label="Git connections" className="text-sm">
            {git.map((g) => (
              <li key={`${g.projectId}-${g.repository}`} className="font-mono">
                {g.provider}: {g.repository}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">No git connections yet.</p>
        )}
      </Card>
    </div>
  );
}
