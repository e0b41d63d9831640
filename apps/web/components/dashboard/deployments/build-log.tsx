'use client';
// The build log, live: an EventSource on the API's server-sent events, which replays the log so far,
// then follows it and ends with the final state (the stream then closes; it resumes from the last
// line by itself after a dropped connection). Lines are grouped under the step that printed them,
// with its duration; warnings are amber and errors red. Search narrows the lines; Copy and Download
// hand over the whole log. The view follows new lines unless the reader has scrolled up.
import { Button, CopyButton, Input } from '@nimbus/ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import { LogLine } from './log-line';
import { countLevels, groupSteps, type Line, logText, matching } from './log-steps';

type Status = 'connecting' | 'streaming' | 'done' | 'lost';

const STATUS: Record<Status, string> = {
  connecting: 'Connecting…',
  streaming: 'Streaming live',
  done: 'Build finished',
  lost: 'The log stream stopped. Reload the page to try again.',
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

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
  const [query, setQuery] = useState('');
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
      const line = JSON.parse(event.data) as Line;
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

  const steps = useMemo(() => groupSteps(lines), [lines]);
  const found = useMemo(() => matching(lines, query), [lines, query]);
  const { warnings, errors } = countLevels(lines);
  const counts = [
    plural(lines.length, 'line'),
    warnings > 0 && plural(warnings, 'warning'),
    errors > 0 && plural(errors, 'error'),
  ].filter(Boolean);

  function download() {
    const url = URL.createObjectURL(new Blob([`${logText(lines)}\n`], { type: 'text/plain' }));
    const a = Object.assign(document.createElement('a'), { href: url, download: `${deploymentId}-build.log` });
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-3 text-xs text-muted" aria-live="polite">
          <span>{STATUS[status]}</span>
          <span>{counts.join(', ')}</span>
          {query.trim() && <span>{plural(found.length, 'match')}</span>}
        </p>
        <div className="flex items-center gap-2">
          <Input
            type="search"
            controlSize="small"
            widthClass="w-48"
            aria-label="Search the build log"
            placeholder="Search the log"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          <CopyButton variant="secondary" value={logText(lines)} label="Copy log" disabled={!lines.length} />
          <Button variant="secondary" size="small" onClick={download} disabled={!lines.length}>
            Download
          </Button>
        </div>
      </div>
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
            {query.trim()
              ? found.map((line) => <LogLine key={line.id} line={line} />)
              : steps.flatMap((step) => [
                  ...(step.command
                    ? [<LogLine key={step.command.id} line={step.command} durationMs={step.durationMs} />]
                    : []),
                  ...step.lines.map((line) => <LogLine key={line.id} line={line} />),
                ])}
          </ol>
        </div>
        {!lines.length && <p className="px-4 text-muted">Waiting for the build to start…</p>}
        {lines.length > 0 && query.trim() && !found.length && (
          <p className="px-4 text-muted">No line matches “{query.trim()}”.</p>
        )}
      </div>
    </div>
  );
}
