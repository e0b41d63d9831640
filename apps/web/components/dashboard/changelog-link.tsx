'use client';
// The header's "Changelog" link, shown to the teams the `header-changelog-link` flag is rolled out to.
import { DASHBOARD_FLAGS, useFlag } from '@/lib/flags';

export function ChangelogLink() {
  if (!useFlag(DASHBOARD_FLAGS.headerChangelog)) return null;
  return (
    <a href="/changelog" className="hidden text-sm text-muted hover:text-foreground md:inline">
      Changelog
    </a>
  );
}
