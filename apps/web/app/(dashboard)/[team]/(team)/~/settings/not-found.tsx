'use client';
// An unknown team settings page (/{team}/~/settings/…), shown beside the settings nav.
import { useParams } from 'next/navigation';
import { NotFoundPage } from '@/components/dashboard/not-found-page';

export default function TeamSettingsNotFound() {
  const { team } = useParams<{ team: string }>();
  return (
    <NotFoundPage
      main={false}
      title="Settings page not found"
      links={[
        { href: `/${team}/~/settings`, label: 'Team settings' },
        { href: `/${team}`, label: 'Projects' },
      ]}
    >
      There is no such team settings page. Pick a section from the list, or go back to the team's projects.
    </NotFoundPage>
  );
}
