'use client';
import type { ProjectJson } from '@nimbus/api';
import { Button, Input, Notice } from '@nimbus/ui';
// The team's projects, newest first, searchable by name (the API filters, so every project is found,
// not just the loaded page). Pages load with "Show more"; while any project's newest deployment is
// queued or building, the list refreshes every 3 s so its state moves on its own.
import { useEffect, useState } from 'react';
import useSWRInfinite from 'swr/infinite';
import { errorMessage } from '../api';
import { isActive } from '../deployments/state-badge';
import { ProjectCard } from './project-card';

export interface ProjectPage {
  projects: ProjectJson[];
  pagination: { next: number | null };
}

const LIVE_MS = 3000;
const SEARCH_DEBOUNCE_MS = 200;

export function ProjectList({
  team,
  initial,
  pageSize,
  protocol,
}: {
  team: { id: string; slug: string };
  initial: ProjectPage;
  pageSize: number;
  protocol: string;
}) {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim().toLowerCase()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const base = `/v10/projects?teamId=${team.id}&limit=${pageSize}${query ? `&search=${encodeURIComponent(query)}` : ''}`;
  const { data, error, size, setSize, isValidating } = useSWRInfinite<ProjectPage>(
    (index, previous) =>
      index === 0 ? base : previous?.pagination.next ? `${base}&until=${previous.pagination.next}` : null,
    {
      fallbackData: query ? undefined : [initial],
      keepPreviousData: true,
      refreshInterval: (pages: ProjectPage[] | undefined) =>
        pages?.some((p) => p.projects.some((x) => x.latestDeployments.some((d) => isActive(d.readyState))))
          ? LIVE_MS
          : 0,
    },
  );
  const projects = data?.flatMap((p) => p.projects) ?? [];
  const more = Boolean(data?.at(-1)?.pagination.next);

  return (
    <section aria-labelledby="projects-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="projects-title" className="text-lg font-semibold tracking-tight">
          Projects
        </h2>
        <Input
          type="search"
          aria-label="Search projects"
          placeholder="Search projects…"
          widthClass="w-full sm:w-72"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {error && !data && <Notice>{errorMessage(error)}</Notice>}
      {projects.length ? (
        <ul aria-label="Projects" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {projects.map((p) => (
            <ProjectCard key={p.id} team={team.slug} project={p} protocol={protocol} />
          ))}
        </ul>
      ) : (
        <p className="rounded-lg border border-dashed border-border px-4 py-10 text-center text-sm text-muted">
          {data ? `No projects match “${query}”.` : 'Loading projects…'}
        </p>
      )}
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
    </section>
  );
}
