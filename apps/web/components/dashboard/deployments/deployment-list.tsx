'use client';
import type { DeploymentListItem } from '@nimbus/api';
import { Button, Notice, Select } from '@nimbus/ui';
// A project's deployments (or, without a project, every project's of the team), newest first,
// filtered by environment and state (kept in the URL: ?environment=, ?status=). It stays live: while
// any listed deployment is queued or building, SWR polls every 2 s; once all are final it stops
// (focus and reconnect still revalidate). Pages load with "Show more" through the API's cursor.
import { useId } from 'react';
import useSWRInfinite from 'swr/infinite';
import { errorMessage } from '../api';
import { DeploymentRow } from './deployment-row';
import { isActive, STATE_LABEL, STATES } from './state-badge';
import { useUrlFilter } from './use-url-filter';

export interface DeploymentPage {
  deployments: DeploymentListItem[];
  pagination: { next: number | null };
}

export interface DeploymentListProps {
  team: { id: string; slug: string };
  /** Null lists the deployments of all the team's projects, each row naming its project. */
  projectId: string | null;
  /** The deployment serving production now, marked "Current". */
  productionId: string | null;
  /** The first page with no filters, rendered on the server. */
  initial: DeploymentPage;
  pageSize: number;
  filters?: boolean;
}

const LIVE_MS = 2000;

export function DeploymentList({
  team,
  projectId,
  productionId,
  initial,
  pageSize,
  filters = true,
}: DeploymentListProps) {
  const [target, setTarget] = useUrlFilter('environment', ['production', 'preview']);
  const [state, setState] = useUrlFilter('status', STATES);
  const id = useId();
  const unfiltered = !target && !state;
  const base = `/v6/deployments?teamId=${team.id}${projectId ? `&projectId=${projectId}` : ''}&limit=${pageSize}${target ? `&target=${target}` : ''}${state ? `&state=${state}` : ''}`;
  const { data, error, size, setSize, isValidating } = useSWRInfinite<DeploymentPage>(
    (index, previous) =>
      index === 0 ? base : previous?.pagination.next ? `${base}&until=${previous.pagination.next}` : null,
    {
      fallbackData: unfiltered ? [initial] : undefined,
      refreshInterval: (pages: DeploymentPage[] | undefined) =>
        pages?.some((p) => p.deployments.some((d) => isActive(d.state))) ? LIVE_MS : 0,
    },
  );
  const deployments = data?.flatMap((p) => p.deployments) ?? [];
  const more = Boolean(data?.at(-1)?.pagination.next);

  return (
    <div className="flex flex-col gap-3">
      {filters && (
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1 text-xs text-muted">
            <label htmlFor={`${id}-target`}>Environment</label>
            <Select
              id={`${id}-target`}
              controlSize="small"
              widthClass="w-auto min-w-44"
              value={target}
              onChange={(e) => setTarget(e.target.value)}
            >
              <option value="">All environments</option>
              <option value="production">Production</option>
              <option value="preview">Preview</option>
            </Select>
          </div>
          <div className="flex flex-col gap-1 text-xs text-muted">
            <label htmlFor={`${id}-state`}>Status</label>
            <Select
              id={`${id}-state`}
              controlSize="small"
              widthClass="w-auto min-w-44"
              value={state}
              onChange={(e) => setState(e.target.value)}
            >
              <option value="">All statuses</option>
              {STATES.map((s) => (
                <option key={s} value={s}>
                  {STATE_LABEL[s]}
                </option>
              ))}
            </Select>
          </div>
        </div>
      )}
      {error && !data && <Notice>{errorMessage(error)}</Notice>}
      <div
        className="overflow-hidden rounded-lg border border-border"
        aria-busy={isValidating && !data ? true : undefined}
      >
        {deployments.length ? (
          <ul aria-label="Deployments" className="divide-y divide-border">
            {deployments.map((d) => (
              <DeploymentRow
                key={d.uid}
                deployment={d}
                team={team.slug}
                current={d.uid === productionId}
                creator={d.creator.username || undefined}
                showProject={!projectId}
              />
            ))}
          </ul>
        ) : (
          <p className="px-4 py-10 text-center text-sm text-muted">
            {data
              ? unfiltered
                ? 'No deployments yet.'
                : 'No deployments match these filters.'
              : 'Loading deployments…'}
          </p>
        )}
      </div>
      {more && (
        <Button
          size="small"
          className="self-center"
          loading={isValidating && size > (data?.length ?? 0)}
          onClick={() => setSize(size + 1)}
        >
          Show more
        </Button>
      )}
    </div>
  );
}
