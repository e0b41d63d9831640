'use client';
// QUEUED → BUILDING → READY / ERROR / CANCELED with the time of each step, as an ordered list: done
// steps get their state's colour and a time, the step in progress pulses, later steps stay grey.
import type { DeploymentJson } from '@nimbus/api';
import { type DeploymentState, isTerminalState } from '@nimbus/core';
import { cx } from '@nimbus/ui';
import { STATE_LABEL, StateDot } from './state-badge';

const TIME = new Intl.DateTimeFormat('en-US', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
  timeZone: 'UTC',
});

interface Step {
  label: string;
  state: string;
  at?: number;
  status: 'done' | 'current' | 'pending';
}

function steps(d: DeploymentJson): Step[] {
  const started = d.readyState !== 'QUEUED' && !(d.readyState === 'CANCELED' && d.buildingAt === d.createdAt);
  const finalState: DeploymentState = isTerminalState(d.readyState) ? d.readyState : 'READY';
  const finalAt = d.readyState === 'CANCELED' ? d.canceledAt : d.ready;
  const final = d.readyState === finalState;
  return [
    { label: 'Queued', state: 'QUEUED', at: d.createdAt, status: d.readyState === 'QUEUED' ? 'current' : 'done' },
    {
      label: 'Building',
      state: 'BUILDING',
      at: started ? d.buildingAt : undefined,
      status: d.readyState === 'BUILDING' ? 'current' : started ? 'done' : 'pending',
    },
    {
      label: STATE_LABEL[finalState],
      state: finalState,
      at: final ? finalAt : undefined,
      status: final ? 'done' : 'pending',
    },
  ];
}

export function duration(from: number, to: number): string {
  const s = Math.max(0, Math.round((to - from) / 1000));
  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m ${s % 60}s`;
}

export function StateTimeline({ deployment }: { deployment: DeploymentJson }) {
  return (
    <ol aria-label="Deployment timeline" className="flex flex-col gap-0 sm:flex-row sm:items-center sm:gap-3">
      {steps(deployment).map((step, i) => (
        <li key={step.label} className="flex items-center gap-3">
          {i > 0 && <span aria-hidden className="hidden h-px w-8 bg-border sm:block" />}
          <span className={cx('flex items-center gap-2 py-1 text-sm', step.status === 'pending' && 'text-muted')}>
            <StateDot
              state={step.status === 'pending' ? 'QUEUED' : step.state}
              className={step.status === 'pending' ? 'opacity-40' : undefined}
            />
            <span className="font-medium">{step.label}</span>
            {step.at !== undefined && (
              <time dateTime={new Date(step.at).toISOString()} className="font-mono text-xs text-muted">
                {TIME.format(step.at)} UTC
              </time>
            )}
            {step.status === 'current' && <span className="text-xs text-muted">(in progress)</span>}
            {step.status === 'pending' && <span className="sr-only">(not yet)</span>}
          </span>
        </li>
      ))}
    </ol>
  );
}
