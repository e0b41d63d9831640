'use client';
import { Button, Notice, TextField } from '@nimbus/ui';
// Turning two-factor on, shared by the account page and /two-factor-required: a QR code of the
// otpauth URI and the key to type, a first code to confirm, then the recovery codes, shown once.
import { useState } from 'react';
import { api, errorMessage } from '../api';
import { RecoveryCodeList } from './recovery-code-list';

interface Setup {
  secret: string;
  uri: string;
  qrCode: string;
}

export function TwoFactorSetup({ onDone, doneLabel = 'Done' }: { onDone: () => void; doneLabel?: string }) {
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const start = () =>
    run(async () => setSetup(await api()<Setup>('/v1/user/two-factor/setup', { method: 'POST', body: {} })));

  const confirm = (event: React.FormEvent) => {
    event.preventDefault();
    return run(async () => {
      const reply = await api()<{ recoveryCodes: string[] }>('/v1/user/two-factor/enable', {
        body: { code: code.trim() },
      });
      setCodes(reply.recoveryCodes);
    });
  };

  if (codes)
    return (
      <div className="flex flex-col gap-4">
        <Notice tone="note">Two-factor authentication is on. Other browsers were logged out.</Notice>
        <RecoveryCodeList codes={codes} />
        <Button variant="primary" className="self-start" onClick={onDone}>
          {doneLabel}
        </Button>
      </div>
    );

  if (!setup)
    return (
      <div className="flex flex-col gap-3">
        {error && <Notice>{error}</Notice>}
        <Button variant="primary" className="self-start" loading={busy} onClick={start}>
          Set up two-factor authentication
        </Button>
      </div>
    );

  return (
    <form onSubmit={confirm} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-muted">
        Scan the code with an authenticator app (1Password, Google Authenticator, Authy…), or type the key.
      </p>
      <div className="flex flex-wrap items-center gap-6">
        <img
          src={setup.qrCode}
          alt={`QR code of ${setup.uri}`}
          width={176}
          height={176}
          className="rounded bg-white p-2"
        />
        <div className="flex flex-col gap-1 text-sm">
          <span className="text-muted">Key</span>
          <code data-testid="totp-secret" className="break-all font-mono">
            {setup.secret}
          </code>
        </div>
      </div>
      <TextField
        label="Code from the app"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error}
      />
      <Button type="submit" variant="primary" className="self-start" loading={busy} disabled={!code.trim()}>
        Turn on
      </Button>
    </form>
  );
}
