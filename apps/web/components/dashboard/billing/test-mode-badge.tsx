'use client';
// The test-mode badge of docs/spec.md §1 and §6: shown only for accounts billed on the payment provider's test
// platform, with a tooltip saying what that means. Focusable so keyboard users get the tooltip too.
import { Badge, focusRing, Tooltip } from '@nimbus/ui';

export function TestModeBadge() {
  return (
    <Tooltip text="Billing runs on the payment provider's test platform: no card is ever charged.">
      <span tabIndex={0} className={`rounded-full ${focusRing}`}>
        <Badge tone="amber">Test mode</Badge>
      </span>
    </Tooltip>
  );
}
