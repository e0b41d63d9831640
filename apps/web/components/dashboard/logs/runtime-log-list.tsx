'use client';
import type { runtimeLogs } from '@nimbus/api';
import { Badge, type BadgeTone, Button, cx, Input, Notice, Select } from '@nimbus/ui';
// A project's runtime logs: requests its functions answered and lines they printed, newest first,
// filtered by level, status class, path and free text. Pages load with "Show more" through the
// API's cursor. Live opens an EventSource on the API's stream with the same filters and puts each
// new row on top; the stream resumes after the last row it sent when the connection drops.
import { useEffect, useId, useState } from 'react';
import useSWRInfinite from 'swr/infinite';
import { errorMessage } from '../api';

type Row = runtimeLogs.RuntimeLogJson;
export interface RuntimeLogPage {
  logs: Row[];
  pagination: { next: string | null };
}

const LEVEL_TONE: Record<Row['level'], BadgeTone> = { info: 'neutral', warning: 'amber', error: 'red' };
const TIME = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
  timeZone: 'UTC',
});

function statusTone(status: number): BadgeTone {
  return status >= 500 ? 'red' : status >= 400 ? 'amber' : status >= 300 ? 'blue' : 'green';
}

export function RuntimeLogList({
  teamId,
  projectId,
  initial,
  pageSize,
}: {
  teamId: string;
  projectId: string;
  /** The first page with no filters, rendered on the server. */
  initial: RuntimeLogPage;
  pageSize: number;
}) {
  const id = useId();
  const [level, setLevel] = useState('');
  const [status, setStatus] = useState('');
  const [path, setPath] = useState('');
  const [text, setText] = useState('');
  const [live, setLive] = useState(false);
  const [fresh, setFresh] = useState<Row[]>([]);
  const [stream, setStream] = useState<'connecting' | 'open' | 'lost'>('connecting');
  const unfiltered = !level && !status && !path && !text;
  const filters = new URLSearchParams({ teamId });
  if (level) filters.set('level', level);
  if (status) filters.set('status', status);
  if (path) filters.set('path', path);
  if (text) filters.set('q', text);
  const query = filters.toString();
  const base = `/v1/projects/${projectId}/logs?${query}&limit=${pageSize}`;
  const { data, error, size, setSize, isValidating } = useSWRInfinite<RuntimeLogPage>(
    (index, previous) =>
      index === 0 ? base : previous?.pagination.next ? `${base}&cursor=${previous.pagination.next}` : null,
    { fallbackData: unfiltered ? [initial] : undefined, revalidateOnFocus: !live },
  );

  // New filters start a new tail: rows that arrived under the old ones are dropped.
  useEffect(() => {
    setFresh([]);
    if (!live) return;
    setStream('connecting');
    const source = new EventSource(`/api/v1/projects/${projectId}/logs/stream?${query}`);
    source.onopen = () => setStream('open');
    source.onerror = () => setStream(source.readyState === EventSource.CLOSED ? 'lost' : 'connecting');
    source.addEventListener('log', (event) => {
      const row = JSON.parse(event.data) as Row;
      setFresh((rows) => (rows.some((r) => r.id === row.id) ? rows : [row, ...rows]));
    });
    return () => source.close();
  }, [live, projectId, query]);

  const paged = data?.flatMap((p) => p.logs) ?? [];
  const seen = new Set(paged.map((r) => r.id));
  const rows = [...fresh.filter((r) => !seen.has(r.id)), ...paged];
  const more = Boolean(data?.at(-1)?.pagination.next);

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1 text-xs text-muted">
          <label htmlFor={`${id}-level`}>Level</label>
          <Select
            id={`${id}-level`}
            controlSize="small"
            widthClass="w-auto min-w-36"
            value={level}
            onChange={(e) => setLevel(e.target.value)}
          >
            <option value="">All levels</option>
            <option value="info">Info</option>
            <option value="warning">Warning</option>
            <option value="error">Error</option>
          </Select>
        </div>
        <div className="flex flex-col gap-1 text-xs text-muted">
          <label htmlFor={`${id}-status`}>Status</label>
          <Select
            id={`${id}-status`}
            controlSize="small"
            widthClass="w-auto min-w-36"
            value={status}
            onChange={(e) => setStatus(e.target.value)}
          >
            <option value="">All statuses</option>
            {['2xx', '3xx', '4xx', '5xx'].map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1 text-xs text-muted">
          <label htmlFor={`${id}-path`}>Path</label>
          <Input
            id={`${id}-path`}
            controlSize="small"
            widthClass="w-44"
            placeholder="e.g. /api"
            value={path}
            onChange={(e) => setPath(e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1 text-xs text-muted">
          <label htmlFor={`${id}-text`}>Search</label>
          <Input
            id={`${id}-text`}
            type="search"
            controlSize="small"
            widthClass="w-56"
            placeholder="Message or path"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <div className="ml-auto flex items-center gap-2">
          {live && (
            <span className="text-xs text-muted" aria-live="polite">
              {stream === 'open' ? 'Following new logs' : stream === 'lost' ? 'Disconnected' : 'Connecting…'}
            </span>
          )}
          <Button
            size="small"
            variant={live ? 'primary' : 'secondary'}
            aria-pressed={live}
            onClick={() => setLive(!live)}
          >
            Live
          </Button>
        </div>
      </div>
      {error && !data && <Notice>{errorMessage(error)}</Notice>}
      <div
        className="overflow-x-auto rounded-lg border border-border"
        aria-busy={isValidating && !data ? true : undefined}
      >
        {rows.length ? (
          <table aria-label="Runtime logs" className="w-full text-left text-sm">
            <thead className="bg-subtle text-xs text-muted">
              <tr>
                {['Time', 'Level', 'Status', 'Method', 'Path', 'Function', 'Duration', 'Start', 'Message'].map((h) => (
                  <th key={h} scope="col" className="whitespace-nowrap px-3 py-2 font-medium">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {rows.map((r) => (
                <tr key={r.id} className={cx('align-top', r.source !== 'request' && 'font-mono text-xs')}>
                  <td className="whitespace-nowrap px-3 py-2 text-muted">
                    <time dateTime={new Date(r.timestamp).toISOString()}>{TIME.format(r.timestamp)}</time>
                  </td>
                  <td className="px-3 py-2">
                    <Badge tone={LEVEL_TONE[r.level]}>{r.level}</Badge>
                  </td>
                  <td className="px-3 py-2">
                    {r.status !== null ? <Badge tone={statusTone(r.status)}>{r.status}</Badge> : null}
                  </td>
                  <td className="px-3 py-2">{r.method}</td>
                  <td className="max-w-56 truncate px-3 py-2" title={r.path ?? undefined}>
                    {r.path}
                  </td>
                  <td className="max-w-40 truncate px-3 py-2 text-muted">{r.functionPath}</td>
                  <td className="whitespace-nowrap px-3 py-2 text-muted">
                    {r.durationMs !== null ? `${r.durationMs} ms` : null}
                  </td>
                  <td className="px-3 py-2 text-muted">{r.cold === null ? null : r.cold ? 'Cold' : 'Warm'}</td>
                  <td className="whitespace-pre-wrap break-all px-3 py-2">
                    {r.source === 'stderr' ? <span className="sr-only">stderr: </span> : null}
                    {r.message}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="px-4 py-10 text-center text-sm text-muted">
            {!data
              ? 'Loading logs…'
              : unfiltered
                ? 'No logs yet. Logs appear here when a function of this project runs: each request and every line it prints.'
                : 'No logs match these filters.'}
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
