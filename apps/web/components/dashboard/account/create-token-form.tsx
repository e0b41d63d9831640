'use client';
import { Button, Card, CopyButton, Field, Input, Notice, Select, TextField, useToast } from '@nimbus/ui';
// Creates an API token with a name, an optional expiry and an optional team scope. The API returns
// the secret once; it is shown here with a copy button until the user dismisses it.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { api, errorMessage } from '../api';

const EXPIRY_DAYS = [7, 30, 90] as const;
const DAY_MS = 86_400_000;

export type TokenScope = { id: string; name: string };

export function CreateTokenForm({ scopes }: { scopes: TokenScope[] }) {
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState('');
  const [teamId, setTeamId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const router = useRouter();
  const toast = useToast();

  async function create(event: React.FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setError('Give the token a name, such as the machine or service that will use it.');
    setCreating(true);
    setError(null);
    try {
      const body = {
        name: name.trim(),
        ...(expiry ? { expiresAt: Date.now() + Number(expiry) * DAY_MS } : {}),
        ...(teamId ? { teamId } : {}),
      };
      const reply = await api()<{ bearerToken: string }>('/v3/user/tokens', { body });
      setSecret(reply.bearerToken);
      setName('');
      toast.success('Token created. Copy it now: it is shown only once.');
      router.refresh();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setCreating(false);
    }
  }

  return (
    <form onSubmit={create} noValidate>
      <Card
        id="create-token"
        title="Create token"
        description="Tokens let the Nimbus CLI, the Vercel CLI and your CI act as you. Limit them to one team and give them an expiry where you can."
        footer={
          <>
            <span>Treat a token like a password.</span>
            <Button type="submit" variant="primary" size="small" loading={creating}>
              Create token
            </Button>
          </>
        }
      >
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="Token name"
            placeholder="GitHub Actions"
            maxLength={100}
            value={name}
            error={error}
            onChange={(e) => setName(e.target.value)}
          />
          <Field label="Scope">
            {(control) => (
              <Select {...control} value={teamId} onChange={(e) => setTeamId(e.target.value)}>
                <option value="">Full account</option>
                {scopes.map((scope) => (
                  <option key={scope.id} value={scope.id}>
                    {scope.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Expiration">
            {(control) => (
              <Select {...control} value={expiry} onChange={(e) => setExpiry(e.target.value)}>
                <option value="">Never</option>
                {EXPIRY_DAYS.map((days) => (
                  <option key={days} value={days}>
                    {days} days
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        {secret && (
          <Notice tone="warning" className="p-4">
            <p className="font-medium">Copy your new token now. For your security it will not be shown again.</p>
            <div className="flex gap-2">
              <Input
                readOnly
                value={secret}
                aria-label="New token"
                className="font-mono text-xs"
                onFocus={(e) => e.currentTarget.select()}
              />
              <CopyButton value={secret} label="Copy token" size="medium" />
              <Button size="medium" onClick={() => setSecret(null)}>
                Done
              </Button>
            </div>
          </Notice>
        )}
      </Card>
    </form>
  );
}
