'use client';
import { Button, Modal, Notice, TextField } from '@nimbus/ui';
// Confirmation for destructive actions (delete team, remove member, revoke token...). It runs the
// action itself so it can show progress, and keeps the dialog open with the API's message on failure.
// `typeToConfirm` asks the user to type a value (the team slug) before the button unlocks.
import { type ReactNode, useState } from 'react';
import { errorMessage } from './api';

export interface ConfirmModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Resolves when done (the modal closes); throws to show the error inside the modal. */
  onConfirm: () => Promise<void>;
  typeToConfirm?: string;
  /** The button that closes without acting; "Cancel" unless that reads oddly beside the action. */
  cancelLabel?: string;
  /** Non-destructive confirmations (promote, redeploy) use the primary button. */
  confirmVariant?: 'danger' | 'primary';
}

export function ConfirmModal({
  open,
  onClose,
  title,
  description,
  confirmLabel,
  onConfirm,
  typeToConfirm,
  confirmVariant = 'danger',
  cancelLabel = 'Cancel',
}: ConfirmModalProps) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const locked = typeToConfirm !== undefined && typed !== typeToConfirm;

  const close = () => {
    if (busy) return;
    setTyped('');
    setError(null);
    onClose();
  };

  async function confirm(event: React.FormEvent) {
    event.preventDefault();
    if (locked) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setTyped('');
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const formId = `confirm-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Modal
      open={open}
      onClose={close}
      title={title}
      description={description}
      footer={
        <>
          <Button onClick={close}>{cancelLabel}</Button>
          <Button variant={confirmVariant} type="submit" form={formId} loading={busy} disabled={locked}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={confirm} noValidate className="flex flex-col gap-3">
        {typeToConfirm !== undefined && (
          <TextField
            label={
              <>
                To confirm, type <span className="font-mono">{typeToConfirm}</span>
              </>
            }
            value={typed}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            onChange={(e) => setTyped(e.target.value)}
          />
        )}
        {error && <Notice>{error}</Notice>}
      </form>
    </Modal>
  );
}
