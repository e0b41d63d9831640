'use client';
import type { BuildLogEvent } from '@nimbus/api';
import { cx } from '@nimbus/ui';
// The build log, live: an EventSource on the API's server-sent events, which replays the log so far,
// then follows it and ends with the final state (the stream then closes; it resumes from the last
// line by itself after a dropped connection). Error output is red, with an icon and its kind spelled
// out for screen readers. The view follows new lines unless the reader has scrolled up.
import { useEffect, useRef, useState } from 'react';

type Line = Pick<BuildLogEvent, 'id' | 'type' | 'text' | 'created' | 'level'>;
type Status = 'connecting' | 'streaming' | 'done' | 'lost';

const TIME = new Intl.DateTimeFormat('en-US', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
  timeZone: 'UTC',
});
const STATUS: Record<Status, string> = {
  connecting: 'Connecting…',
  streaming: 'Streaming live',
  done: 'Build finished',
  lost: 'The log stream stopped. Reload the page to try again.',
};

export function BuildLog({
  teamId,
  deploymentId,
  onFinished,
}: {
  teamId: string;
  deploymentId: string;
  onFinished: (state: string) => void;
}) {
  const [lines, setLines] = useState<Line[]>([]);
  const [status, setStatus] = useState<Status>('connecting');
  const box = useRef<HTMLDivElement>(null);
  const follow = useRef(true);
  const finished = useRef(onFinished);
  finished.current = onFinished;

  useEffect(() => {
    const source = new EventSource(
      `/api/v1/deployments/${deploymentId}/events/stream?teamId=${encodeURIComponent(teamId)}`,
    );
    source.onopen = () => setStatus('streaming');
    source.onerror = () => setStatus(source.readyState === EventSource.CLOSED ? 'lost' : 'connecting');
    source.addEventListener('log', (event) => {
      const line = JSON.parse(event.data) as BuildLogEvent;
      setLines((all) => (all.some((l) => l.id === line.id) ? all : [...all, line]));
    });
    source.addEventListener('state', (event) => {
      source.close();
      setStatus('done');
      finished.current((JSON.parse(event.data) as { value: string }).value);
    });
    return () => source.close();
  }, [teamId, deploymentId]);

  useEffect(() => {
    if (follow.current && box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [lines]);

  const errors = lines.filter((l) => l.type === 'stderr').length;
  return (
    <div className="flex flex-col gap-2">
      <p className="flex items-center gap-3 text-xs text-muted" aria-live="polite">
        <span>{STATUS[status]}</span>
        <span>
          {lines.length} {lines.length === 1 ? 'line' : 'lines'}
          {errors > 0 && `, ${errors} error ${errors === 1 ? 'line' : 'lines'}`}
        </span>
      </p>
      <div
        ref={box}
        tabIndex={0}
        aria-label="Build log"
        onScroll={(e) => {
          const el = e.currentTarget;
          follow.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
        }}
        className="max-h-[28rem] overflow-auto rounded-md border border-border bg-subtle py-2 font-mono text-[13px] leading-6 focus-visible:outline-2 focus-visible:outline-accent"
      >
        <div role="log" aria-label="Build output">
          <ol>
            {lines.map((line) => (
              <LogLine key={line.id} line={line} />
            ))}
          </ol>
        </div>
        {!lines.length && <p className="px-4 text-muted">Waiting for the build to start…</p>}
      </div>
    </div>
  );
}

function LogLine({ line }: { line: Line }) {
  const bad = line.type === 'stderr';
  return (
    <li
      data-type={line.type}
      className={cx(
        'grid grid-cols-[5.5rem_1.25rem_1fr] px-4',
        bad && 'bg-red-600/10 text-red-700 dark:text-red-400',
        line.type === 'command' && 'font-semibold',
      )}
    >
      <time className="text-muted select-none" dateTime={new Date(line.created).toISOString()}>
        {TIME.format(line.created)}
      </time>
      {bad ? (
        <svg
          role="img"
          aria-label={line.level === 'error' ? 'Error' : 'Error output'}
          viewBox="0 0 16 16"
          className="mt-1 size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        >
          <circle cx="8" cy="8" r="6.25" />
          <path d="M8 4.75v4M8 11v.25" strokeLinecap="round" />
        </svg>
      ) : (
        <span aria-hidden />
      )}
      <span className="break-words whitespace-pre-wrap">{line.text}</span>
    </li>
  );
}
