'use client';
// Protection Bypass for Automation: secrets that let CI and tools through protected deployments
// (`x-vercel-protection-bypass` header or query). Create, copy, rotate (the old one stops working at
// once) and revoke.
import type { ProjectJson } from '@nimbus/api';
import { Button, Card, CopyButton, useToast } from '@nimbus/ui';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { api, errorMessage } from '../../api';

type Change = { generate: Record<string, never> } | { revoke: { secret: string; regenerate: boolean } };

export function BypassSecrets({ teamId, project }: { teamId: string; project: ProjectJson }) {
  const [secrets, setSecrets] = useState(Object.entries(project.protectionBypass ?? {}));
  const [busy, setBusy] = useState(false);
  const router = useRouter();
  const toast = useToast();

  async function change(body: Change, done: string) {
    setBusy(true);
    try {
      const reply = await api()<{ protectionBypass: NonNullable<ProjectJson['protectionBypass']> }>(
        `/v1/projects/${project.id}/protection-bypass`,
        { method: 'PATCH', body, query: { teamId } },
      );
      setSecrets(Object.entries(reply.protectionBypass));
      toast.success(done);
      router.refresh();
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card
      id="protection-bypass"
      title="Protection Bypass for Automation"
      description={
        <>
          Send a secret in the <code>x-vercel-protection-bypass</code> header (or query parameter) to reach protected
          deployments from CI. Add <code>x-vercel-set-bypass-cookie=true</code> to keep a cookie for later requests.
        </>
      }
      footer={
        <>
          <span>Rotating a secret ends the old one at once.</span>
          <Button
            size="small"
            variant="primary"
            loading={busy}
            onClick={() => change({ generate: {} }, 'Bypass secret created.')}
          >
            Create secret
          </Button>
        </>
      }
    >
      {secrets.length === 0 ? (
        <p className="text-sm text-muted">No bypass secrets yet.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
          {secrets.map(([secret, info]) => (
            <li key={secret} className="flex flex-wrap items-center gap-3 px-3 py-2">
              <code className="break-all text-sm" data-testid="bypass-secret">
                {secret}
              </code>
              <span className="text-xs text-muted">created {new Date(info.createdAt).toLocaleDateString()}</span>
              <span className="ml-auto flex gap-2">
                <CopyButton value={secret} label="Copy secret" />
                <Button
                  size="small"
                  disabled={busy}
                  onClick={() => change({ revoke: { secret, regenerate: true } }, 'Bypass secret rotated.')}
                >
                  Rotate
                </Button>
                <Button
                  size="small"
                  variant="danger"
                  disabled={busy}
                  onClick={() => change({ revoke: { secret, regenerate: false } }, 'Bypass secret revoked.')}
                >
                  Revoke
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
