// A shell command to copy: monospace, one line, scrolling sideways rather than wrapping mid-flag.
import { CopyButton, cx, focusRing } from '@nimbus/ui';

export function Command({ value, label = 'Copy command' }: { value: string; label?: string }) {
  return (
    <div className="flex items-center gap-2 rounded-md border border-border bg-subtle py-1.5 pr-1.5 pl-3">
      {/* Focusable so a keyboard can scroll a command wider than the box. */}
      <pre
        tabIndex={0}
        className={cx('min-w-0 flex-1 overflow-x-auto rounded font-mono text-[13px] leading-6', focusRing)}
      >
        <span aria-hidden className="text-muted select-none">
          ${' '}
        </span>
        <code>{value}</code>
      </pre>
      <CopyButton value={value} label="Copy" aria-label={label} variant="ghost" />
    </div>
  );
}
