'use client';
import type { SessionJson } from '@nimbus/api';
import { Badge, Button, Card, useToast } from '@nimbus/ui';
// Where the account is logged in: browser, address, when the session began and was last seen, the
// current one marked. Any other can be ended, one at a time or all at once.
import { useRouter } from 'next/navigation';
import { api } from '../api';
import { formatDate } from '../format';

export function SessionList({ sessions }: { sessions: SessionJson[] }) {
  const router = useRouter();
  const toast = useToast();
  const others = sessions.filter((s) => !s.current).length;

  async function end(path: string, message: string) {
    await api()(path, { method: 'DELETE' });
    toast.success(message);
    router.refresh();
  }

  return (
    <Card
      id="sessions"
      title="Sessions"
      description="The browsers logged in to your account. End any you do not recognise, then change your password."
      footer={
        <>
          <span>{others ? `${others} other session${others === 1 ? '' : 's'}` : 'No other sessions.'}</span>
          <Button
            size="small"
            disabled={!others}
            onClick={() => end('/v1/user/sessions', 'Every other session was logged out.')}
          >
            Log out everywhere else
          </Button>
        </>
      }
    >
      <ul className="-mx-6 divide-y divide-border border-t border-border text-sm" aria-label="Sessions">
        {sessions.map((s) => (
          <li key={s.id} className="flex items-center justify-between gap-4 px-6 py-3">
            <div className="flex min-w-0 flex-col gap-1">
              <span className="truncate font-medium">
                {s.userAgent ?? 'Unknown browser'} {s.current && <Badge tone="green">This browser</Badge>}
              </span>
              <span className="text-xs text-muted">
                {s.ip ?? 'Unknown address'} · logged in {formatDate(s.createdAt)} · last seen {formatDate(s.lastSeenAt)}
              </span>
            </div>
            {!s.current && (
              <Button
                size="small"
                variant="ghost"
                aria-label={`Log out session from ${s.ip ?? 'an unknown address'}`}
                onClick={() => end(`/v1/user/sessions/${s.id}`, 'The session was logged out.')}
              >
                Log out
              </Button>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
