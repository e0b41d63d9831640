// A deployment's state as a coloured dot and a word, never colour alone: READY green, BUILDING amber
// (pulsing while it works), ERROR red, QUEUED and CANCELED grey.
import { type DeploymentState, isTerminalState } from '@nimbus/core';
import { cx } from '@nimbus/ui';

/** The order of the state filter: what people look for first. */
export const STATES: readonly DeploymentState[] = ['READY', 'BUILDING', 'QUEUED', 'ERROR', 'CANCELED'];

export const STATE_LABEL: Record<DeploymentState, string> = {
  QUEUED: 'Queued',
  BUILDING: 'Building',
  READY: 'Ready',
  ERROR: 'Error',
  CANCELED: 'Canceled',
};

const DOT: Record<DeploymentState, string> = {
  QUEUED: 'bg-neutral-400',
  BUILDING: 'bg-amber-500 animate-pulse',
  READY: 'bg-green-600',
  ERROR: 'bg-red-600',
  CANCELED: 'bg-neutral-400',
};

/** QUEUED and BUILDING still change; the others are final. */
export function isActive(state: string): boolean {
  return !isTerminalState(state);
}

export function StateDot({ state, className }: { state: string; className?: string }) {
  return (
    <span
      aria-hidden
      className={cx(
        'inline-block size-2.5 shrink-0 rounded-full',
        DOT[state as DeploymentState] ?? DOT.QUEUED,
        className,
      )}
    />
  );
}

export function StateBadge({ state, className }: { state: string; className?: string }) {
  return (
    <span className={cx('inline-flex items-center gap-2 text-sm whitespace-nowrap', className)}>
      <StateDot state={state} />
      <span>{STATE_LABEL[state as DeploymentState] ?? state}</span>
    </span>
  );
}
