'use client';
import { Badge, Button, Card, Notice, TextField, useToast } from '@nimbus/ui';
// The account page's two-factor section: set it up, or, when on, make new recovery codes or turn it
// off. Both take the password or a current code (six digits or a recovery code), as the API asks.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { api, errorMessage } from '../api';
import { formatDate } from '../format';
import { RecoveryCodeList } from './recovery-code-list';
import { TwoFactorSetup } from './two-factor-setup';

export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: number | null;
  recoveryCodesLeft: number;
}

/** A code looks like six digits or a recovery code (xxxxx-xxxxx); anything else is a password. */
function proofOf(value: string) {
  const typed = value.trim();
  return /^\d{6}$/.test(typed) || /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(typed) ? { code: typed } : { password: value };
}

export function TwoFactorCard({ status }: { status: TwoFactorStatus }) {
  const router = useRouter();
  const toast = useToast();
  const [proof, setProof] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function act(path: string, done: (reply: { recoveryCodes?: string[] }) => void) {
    setBusy(true);
    setError(null);
    try {
      done(await api()<{ recoveryCodes?: string[] }>(path, { body: proofOf(proof) }));
      setProof('');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const title = (
    <span className="flex items-center gap-2">
      Two-factor authentication {status.enabled ? <Badge tone="green">On</Badge> : <Badge>Off</Badge>}
    </span>
  );
  const description =
    'A code from an authenticator app after your password at login. Teams can require it of their members.';

  if (!status.enabled)
    return (
      <Card id="two-factor" title={title} description={description}>
        <TwoFactorSetup onDone={() => router.refresh()} />
      </Card>
    );

  return (
    <Card id="two-factor" title={title} description={description}>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-muted">
          On since {status.enabledAt ? formatDate(status.enabledAt) : 'earlier'} · {status.recoveryCodesLeft} recovery
          code{status.recoveryCodesLeft === 1 ? '' : 's'} left.
        </p>
        {codes && <RecoveryCodeList codes={codes} />}
        <div className="max-w-md">
          <TextField
            label="Password or current code"
            type="password"
            autoComplete="current-password"
            value={proof}
            onChange={(e) => setProof(e.target.value)}
          />
        </div>
        {error && <Notice>{error}</Notice>}
        <div className="flex flex-wrap gap-2">
          <Button
            size="small"
            loading={busy}
            disabled={!proof}
            onClick={() =>
              act('/v1/user/two-factor/recovery-codes', (reply) => {
                setCodes(reply.recoveryCodes ?? null);
                router.refresh();
              })
            }
          >
            New recovery codes
          </Button>
          <Button
            size="small"
            variant="danger"
            loading={busy}
            disabled={!proof}
            onClick={() =>
              act('/v1/user/two-factor/disable', () => {
                toast.success('Two-factor authentication is off.');
                router.refresh();
              })
            }
          >
            Turn off
          </Button>
        </div>
      </div>
    </Card>
  );
}
