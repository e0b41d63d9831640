// /account/tokens: API tokens for the CLI, CI and Vercel clients. A new token is shown once.

import { sortTeams } from '@nimbus/core';
import type { Metadata } from 'next';
import { CreateTokenForm } from '@/components/dashboard/account/create-token-form';
import { TokenList } from '@/components/dashboard/account/token-list';
import { LoginRedirect } from '@/components/dashboard/login-redirect';
import { scopeName } from '@/components/dashboard/names';
import { tokens as tokenService, visitorContext } from '@/lib/data';
import { getSession, getTeams } from '@/lib/session';

export const metadata: Metadata = { title: 'Tokens' };

export default async function TokensPage() {
  const [session, ctx] = await Promise.all([getSession(), visitorContext()]);
  if (!session || !ctx) return <LoginRedirect />;
  const [teams, { tokens }] = await Promise.all([getTeams(), tokenService.list(ctx)]);
  const scopes = sortTeams(teams, session.user.defaultTeamId).map((t) => ({
    id: t.id,
    name: scopeName(t, session.user),
  }));
  return (
    <>
      <CreateTokenForm scopes={scopes} />
      <TokenList tokens={tokens} scopes={scopes} />
    </>
  );
}
