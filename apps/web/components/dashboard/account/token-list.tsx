'use client';
import type { TokenJson } from '@nimbus/api';
import { Button, Card, useToast } from '@nimbus/ui';
// The user's tokens: what each is for, where it works, when it was made, last used and expires.
// Revoking asks first, because whatever uses the token stops working at once.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { api } from '../api';
import { ConfirmModal } from '../confirm-modal';
import { formatDate, formatOptionalDate } from '../format';
import type { TokenScope } from './create-token-form';

export function TokenList({ tokens, scopes }: { tokens: TokenJson[]; scopes: TokenScope[] }) {
  const [revoking, setRevoking] = useState<TokenJson | null>(null);
  const [open, setOpen] = useState(false);
  const router = useRouter();
  const toast = useToast();
  const scopeOf = (token: TokenJson) =>
    token.teamId ? (scopes.find((s) => s.id === token.teamId)?.name ?? 'A team you left') : 'Full account';

  async function revoke(token: TokenJson) {
    await api()(`/v3/user/tokens/${token.id}`, { method: 'DELETE' });
    toast.success(`The token ${token.name} was revoked.`);
    router.refresh();
  }

  return (
    <Card
      id="tokens"
      title="Tokens"
      description={tokens.length ? undefined : 'You have no tokens yet. Create one above to use the CLI or CI.'}
    >
      {tokens.length > 0 && (
        <div className="relative -mx-6 overflow-x-auto border-t border-border">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-muted">
              <tr>
                <th scope="col" className="px-6 py-2 font-medium">
                  Name
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Scope
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Created
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Last used
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Expires
                </th>
                <th scope="col" className="px-6 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border border-t border-border">
              {tokens.map((token) => (
                <tr key={token.id}>
                  <td className="px-6 py-3">
                    <span className="font-medium">{token.name}</span>{' '}
                    <span className="font-mono text-xs text-muted">{token.prefix}…</span>
                  </td>
                  <td className="px-3 py-3 text-muted">{scopeOf(token)}</td>
                  <td className="px-3 py-3 whitespace-nowrap text-muted">{formatDate(token.createdAt)}</td>
                  <td className="px-3 py-3 whitespace-nowrap text-muted">{formatOptionalDate(token.lastUsedAt)}</td>
                  <td className="px-3 py-3 whitespace-nowrap text-muted">{formatOptionalDate(token.expiresAt)}</td>
                  <td className="px-6 py-3 text-right">
                    <Button
                      size="small"
                      variant="ghost"
                      aria-label={`Revoke token ${token.name}`}
                      onClick={() => (setRevoking(token), setOpen(true))}
                    >
                      Revoke
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmModal
        open={open}
        onClose={() => setOpen(false)}
        title="Revoke token"
        description={
          revoking ? `Anything using ${revoking.name} stops working immediately. This cannot be undone.` : ''
        }
        confirmLabel="Revoke token"
        onConfirm={() => (revoking ? revoke(revoking) : Promise.resolve())}
      />
    </Card>
  );
}
