// One line of the build log: its time, an icon for warnings (amber) and errors (red) with the kind
// spelled out for screen readers, and the text. A command line opens a step and shows its duration.
import { cx } from '@nimbus/ui';
import { type Line, stepDuration } from './log-steps';

const TIME = new Intl.DateTimeFormat('en-US', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
  timeZone: 'UTC',
});

const TONE = {
  warning: 'bg-amber-500/10 text-amber-800 dark:text-amber-300',
  error: 'bg-red-600/10 text-red-700 dark:text-red-400',
};

export function LogLine({ line, durationMs }: { line: Line; durationMs?: number }) {
  const command = line.type === 'command';
  return (
    <li
      data-type={line.type}
      data-level={line.level}
      className={cx(
        'grid grid-cols-[5.5rem_1.25rem_1fr_auto] px-4',
        line.level && TONE[line.level],
        command && 'mt-1 border-t border-border pt-1 font-semibold first:mt-0 first:border-t-0 first:pt-0',
      )}
    >
      <time className="text-muted select-none" dateTime={new Date(line.created).toISOString()}>
        {TIME.format(line.created)}
      </time>
      {line.level ? <LevelIcon level={line.level} /> : <span aria-hidden />}
      <span className="break-words whitespace-pre-wrap">{line.text}</span>
      {command && durationMs !== undefined ? (
        <span className="pl-3 font-normal text-muted" aria-label={`Step took ${stepDuration(durationMs)}`}>
          {stepDuration(durationMs)}
        </span>
      ) : (
        <span aria-hidden />
      )}
    </li>
  );
}

function LevelIcon({ level }: { level: 'warning' | 'error' }) {
  return (
    <svg
      role="img"
      aria-label={level === 'error' ? 'Error' : 'Warning'}
      viewBox="0 0 16 16"
      className="mt-1 size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
    >
      {level === 'error' ? (
        <circle cx="8" cy="8" r="6.25" />
      ) : (
        <path d="M8 1.75 14.75 14H1.25Z" strokeLinejoin="round" />
      )}
      <path d={level === 'error' ? 'M8 4.75v4M8 11v.25' : 'M8 6v4M8 12v.25'} strokeLinecap="round" />
    </svg>
  );
}
