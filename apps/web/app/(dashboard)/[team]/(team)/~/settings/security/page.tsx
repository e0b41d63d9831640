// /{team}/~/settings/security: how members prove who they are. Owners edit; others read.

import type { Metadata } from 'next';
import { LoginRedirect } from '@/components/dashboard/login-redirect';
import { TeamSecuritySection } from '@/components/dashboard/team/security-section';
import { twoFactor, visitorContext } from '@/lib/data';
import { getTeam } from '@/lib/session';

type Props = { params: Promise<{ team: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Security – ${(await params).team}` };
}

export default async function TeamSecuritySettingsPage({ params }: Props) {
  const ctx = await visitorContext();
  if (!ctx) return <LoginRedirect />;
  const [team, status] = await Promise.all([getTeam((await params).team), twoFactor.status(ctx)]);
  return <TeamSecuritySection team={team} viewerHasTwoFactor={status.enabled} />;
}
