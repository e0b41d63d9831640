'use client';
// Opens the upgrade modal for this team from the billing page (source and team hint go into the
// upgrade event, docs/spec.md §3).
import { Button } from '@nimbus/ui';
import { openUpgradeModal } from '../upgrade/upgrade-store';

export function UpgradeButton({ teamSlug }: { teamSlug: string }) {
  return (
    <Button
      variant="primary"
      size="small"
      onClick={() => openUpgradeModal({ source: 'billing-settings', teamHint: teamSlug })}
    >
      Upgrade to Pro
    </Button>
  );
}
