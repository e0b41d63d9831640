'use client';
// An unknown team page under /{team}/~/ that is not a settings page.
import { useParams } from 'next/navigation';
import { NotFoundPage } from '@/components/dashboard/not-found-page';

export default function TeamPageNotFound() {
  const { team } = useParams<{ team: string }>();
  return (
    <NotFoundPage
      title="Page not found"
      links={[
        { href: `/${team}`, label: 'Projects' },
        { href: `/${team}/~/settings`, label: 'Team settings' },
      ]}
    >
      This team has no such page.
    </NotFoundPage>
  );
}
