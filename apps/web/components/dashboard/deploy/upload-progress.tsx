// How far a browser deploy has come, as a bar and in words (the bar alone says nothing to a screen
// reader): files hashed, then bytes uploaded, then the deployment being created.

import { formatBytes } from '../deployments/file-tree';
import type { Progress } from './upload';

function describe(p: Progress): { percent: number; text: string } {
  if (p.phase === 'creating') return { percent: 100, text: 'Creating the deployment…' };
  const percent = p.total ? Math.round((p.done / p.total) * 100) : 100;
  if (p.phase === 'hashing') return { percent, text: `Reading files: ${p.done} of ${p.total}` };
  return { percent, text: `Uploading ${formatBytes(p.done)} of ${formatBytes(p.total)} (${percent}%)` };
}

export function UploadProgress({ progress }: { progress: Progress }) {
  const { percent, text } = describe(progress);
  return (
    <div className="flex flex-col gap-2">
      <div
        role="progressbar"
        aria-label="Deploy progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="h-2 overflow-hidden rounded-full bg-subtle"
      >
        <div
          className="h-full rounded-full bg-foreground transition-[width] duration-200"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-sm text-muted" aria-live="polite">
        {text}
      </p>
    </div>
  );
}
