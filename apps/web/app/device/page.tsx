// /device?code=ABCD-EFGH: where `nimbus login` sends you. Shows which machine asks and the code to
// compare with the terminal; Approve gives that CLI a token for you, Deny stops it waiting.
// Logged-out visitors log in first and come back here with the code.

import type { ServiceContext } from '@nimbus/api';
import { DomainError, SCOPE_COOKIE } from '@nimbus/core';
import { buttonClass, Card, Input } from '@nimbus/ui';
import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { LoginRedirect } from '@/components/dashboard/login-redirect';
import { device, visitorContext } from '@/lib/data';
import { getSession, getTeams } from '@/lib/session';
import { DeviceApproval } from './device-approval';

export const metadata: Metadata = { title: 'Sign in the CLI' };

/** The pending login of a code, or why the code cannot be used. */
async function lookUp(ctx: ServiceContext, code: string) {
  try {
    return { pending: await device.get(ctx, code), problem: null };
  } catch (error) {
    if (error instanceof DomainError) return { pending: null, problem: error.message };
    throw error;
  }
}

function CodeForm({ code }: { code?: string }) {
  return (
    <form method="get" action="/device" className="flex gap-2">
      <Input
        name="code"
        defaultValue={code}
        aria-label="Code shown in your terminal"
        placeholder="ABCD-EFGH"
        autoComplete="off"
        className="font-mono uppercase"
        required
      />
      <button type="submit" className={buttonClass({ variant: 'primary' })}>
        Continue
      </button>
    </form>
  );
}

export default async function DevicePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [session, ctx] = await Promise.all([getSession(), visitorContext()]);
  if (!session || !ctx) return <LoginRedirect />;
  const raw = (await searchParams).code;
  const code = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  const { pending, problem } = code ? await lookUp(ctx, code) : { pending: null, problem: null };
  const [teams, jar] = await Promise.all([getTeams(), cookies()]);
  const team =
    teams.find((t) => t.slug === jar.get(SCOPE_COOKIE)?.value) ??
    teams.find((t) => t.id === session.user.defaultTeamId);

  return (
    <main
      id="main"
      className="mx-auto flex w-full max-w-lg flex-col gap-6 bg-background px-4 py-16 text-foreground sm:px-6"
    >
      {pending ? (
        <Card
          title="Sign in the nimbus CLI"
          description={
            <>
              <strong className="text-foreground">{pending.clientName}</strong> asks to act as{' '}
              <strong className="text-foreground">{session.user.username}</strong>
              {team ? <> in {team.name ?? team.slug}</> : null}. Approve only if the code below is the one in your
              terminal.
            </>
          }
        >
          <p className="rounded-md border border-border py-4 text-center font-mono text-3xl tracking-[0.3em]">
            {pending.userCode}
          </p>
          <DeviceApproval userCode={pending.userCode} teamId={team?.id} />
        </Card>
      ) : (
        <Card
          title={code ? 'This code cannot be used' : 'Sign in the nimbus CLI'}
          description={
            code
              ? (problem ?? 'The code is unknown, has expired or was already used.')
              : 'Enter the code that `nimbus login` shows in your terminal.'
          }
        >
          <CodeForm code={code} />
        </Card>
      )}
    </main>
  );
}
