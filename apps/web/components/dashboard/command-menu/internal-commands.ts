// The internal commands of docs/spec.md §6 and the calls of docs/spec.md §7 behind them, for staff and preview
// deployments: the admin record of a project, Next's PPR fallback-shell debug view, the page's
// Server-Timing (a HEAD on the current page), the deploy-freeze debug toggle, and this page on a
// local dev server.
import { api } from '../api';

export const LOCAL_DEV_ORIGIN = 'http://localhost:3000';

type Timing = { name: string; dur: number | null; desc: string | null };

/** Parses `total;dur=12.3, db;desc="Query";dur=4` into its metrics. */
export function parseServerTiming(header: string | null): Timing[] {
  if (!header) return [];
  return header.split(',').flatMap((part) => {
    const [name, ...params] = part.split(';').map((p) => p.trim());
    if (!name) return [];
    const param = (key: string) =>
      params
        .find((p) => p.toLowerCase().startsWith(`${key}=`))
        ?.slice(key.length + 1)
        .replace(/^"|"$/g, '') ?? null;
    const dur = param('dur');
    return [{ name, dur: dur === null ? null : Number(dur), desc: param('desc') }];
  });
}

export function describeServerTiming(header: string | null): string {
  const metrics = parseServerTiming(header);
  if (!metrics.length) return 'This page sent no Server-Timing header.';
  return `Server timing: ${metrics.map((m) => `${m.desc ?? m.name} ${m.dur === null ? '' : `${m.dur} ms`}`.trim()).join(', ')}`;
}

/** HEAD on the current page, reading its server-timing header (docs/spec.md §7). */
export async function analyzeServerTiming(href: string): Promise<string> {
  const res = await fetch(href, { method: 'HEAD', cache: 'no-store', credentials: 'same-origin' });
  return describeServerTiming(res.headers.get('server-timing'));
}

/** The admin record of the page's project (GET /v1/dashboard/projects/{project}?teamId, docs/spec.md §7), in a new tab. */
export async function openInAdmin(teamId: string, project: string): Promise<void> {
  const { id } = await api()<{ id: string }>(`/v1/dashboard/projects/${encodeURIComponent(project)}`, {
    query: { teamId },
  });
  window.open(`/api/v1/dashboard/projects/${id}?teamId=${encodeURIComponent(teamId)}`, '_blank', 'noopener');
}

/** Next's static-shell debug view of the page (shown when the app runs with PPR shell debugging). */
export function pprFallbackShellUrl(href: string): string {
  const url = new URL(href);
  url.searchParams.set('__nextppronly', 'fallback');
  return url.toString();
}

/** GET /api/force-deploy-freeze-toggle; a 200 reloads the page (docs/spec.md §4, §7). */
export async function toggleDeployFreeze(reload: () => void): Promise<boolean> {
  const res = await fetch('/api/force-deploy-freeze-toggle', { credentials: 'same-origin', cache: 'no-store' });
  if (res.status === 200) reload();
  return res.status === 200;
}

export function localhostUrl(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  return `${LOCAL_DEV_ORIGIN}${location.pathname}${location.search}${location.hash}`;
}
