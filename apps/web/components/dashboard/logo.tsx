// The Nimbus mark and wordmark. It links to `/`, which the marketing zone serves, so it is a plain
// anchor: a full navigation across zones (ARCHITECTURE.md "Zones").
import { focusRing } from '@nimbus/ui';

function NimbusMark({ className = 'size-6' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className={className} fill="currentColor">
      <path d="M7 18.5a4.5 4.5 0 0 1-.6-8.96A6 6 0 0 1 17.9 8.1 5.2 5.2 0 0 1 17.5 18.5H7Z" />
    </svg>
  );
}

export function Logo() {
  return (
    <a
      href="/"
      aria-label="Nimbus home"
      className={`flex items-center gap-2 rounded-md font-semibold tracking-tight ${focusRing}`}
    >
      <NimbusMark />
      <span className="hidden sm:inline">Nimbus</span>
    </a>
  );
}
