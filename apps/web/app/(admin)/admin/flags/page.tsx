// /admin/flags: staff define feature flags, roll them out and read their exposures (docs/spec.md §7).
import type { Metadata } from 'next';
import { FlagsManager } from '@/components/admin/flags-manager';
import { StaffPage, staffContext } from '@/components/admin/staff-page';
import { flags } from '@/lib/data';

export const metadata: Metadata = { title: 'Feature flags' };

export default async function FlagsPage() {
  const ctx = await staffContext('/admin/flags');
  const { flags: list } = await flags.list(ctx);
  return (
    <StaffPage
      title="Feature flags"
      description="Each team sees a flag on when an override says so, else when the flag is enabled and the team falls inside the rollout. Exposures count the values browsers read, from visitors who allow analytics."
    >
      <FlagsManager flags={list} />
    </StaffPage>
  );
}
