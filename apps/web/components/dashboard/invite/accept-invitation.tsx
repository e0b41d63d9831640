'use client';
import type { TeamJson } from '@nimbus/api';
import { Button, useToast } from '@nimbus/ui';
// Accepts an invitation and opens the team. A refusal (wrong e-mail, already used) is shown inline.
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { api, errorMessage } from '../api';
import { setScopeCookie } from '../scope-cookie';

export function AcceptInvitation({ secret }: { secret: string }) {
  const [error, setError] = useState<string | null>(null);
  const [accepting, setAccepting] = useState(false);
  const [, startTransition] = useTransition();
  const router = useRouter();
  const toast = useToast();

  async function accept() {
    setAccepting(true);
    setError(null);
    try {
      const { team } = await api()<{ team: TeamJson }>(`/v1/invitations/${encodeURIComponent(secret)}/accept`, {
        method: 'POST',
      });
      setScopeCookie(team.slug);
      toast.success(`Welcome to ${team.name ?? team.slug}!`);
      startTransition(() => {
        router.push(`/${team.slug}`);
        router.refresh();
      });
    } catch (err) {
      setError(errorMessage(err));
      setAccepting(false);
    }
  }

  return (
    <div className="flex flex-col items-end gap-2">
      <Button variant="primary" size="small" loading={accepting} onClick={accept}>
        Accept and join
      </Button>
      {error && (
        <p role="alert" className="max-w-xs text-right text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
