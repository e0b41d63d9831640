'use client';
// The environments a variable applies to and whether it is sensitive: the same checkboxes when a
// variable is added and when it is edited. A sensitive variable stays sensitive (`lockSensitive`).
import { TARGET_LABEL, TARGETS, type Target } from './env-targets';

export function EnvOptions({
  targets,
  onTargets,
  sensitive,
  onSensitive,
  lockSensitive = false,
}: {
  targets: Target[];
  onTargets: (targets: Target[]) => void;
  sensitive: boolean;
  onSensitive: (sensitive: boolean) => void;
  lockSensitive?: boolean;
}) {
  const toggle = (t: Target) => onTargets(targets.includes(t) ? targets.filter((x) => x !== t) : [...targets, t]);
  return (
    <fieldset className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
      <legend className="mb-2 text-sm font-medium">Environments</legend>
      {TARGETS.map((t) => (
        <label key={t} className="flex items-center gap-2">
          <input
            type="checkbox"
            className="size-4 accent-foreground"
            checked={targets.includes(t)}
            onChange={() => toggle(t)}
          />
          {TARGET_LABEL[t]}
        </label>
      ))}
      <label className="flex items-center gap-2 sm:ml-auto">
        <input
          type="checkbox"
          className="size-4 accent-foreground"
          checked={sensitive}
          disabled={lockSensitive}
          onChange={(e) => onSensitive(e.target.checked)}
        />
        {lockSensitive ? 'Sensitive (stays sensitive)' : 'Sensitive (never shown again)'}
      </label>
    </fieldset>
  );
}
