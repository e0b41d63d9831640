'use client';
import { Button, CopyButton, Modal, Popover, Tooltip, useToast } from '@nimbus/ui';
// The interactive parts of the design system page: a modal, toasts, a popover, a tooltip and the copy button,
// live from @nimbus/ui so what you try here is exactly what the dashboard uses.
import { useState } from 'react';

export function ModalDemo() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open modal</Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Promote to production?"
        description="acme.com will serve dpl_7Hq2xK. The current deployment stays available for a rollback."
        footer={
          <>
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button variant="primary" onClick={() => setOpen(false)}>
              Promote
            </Button>
          </>
        }
      />
    </>
  );
}

export function ToastDemo() {
  const toast = useToast();
  return (
    <div className="flex flex-wrap gap-2">
      <Button onClick={() => toast.success('Deployment promoted.')}>Success toast</Button>
      <Button onClick={() => toast.warning('Build minutes at 80% of this month’s limit.')}>Warning toast</Button>
      <Button onClick={() => toast.error()}>Error toast</Button>
    </div>
  );
}

export function PopoverDemo() {
  return (
    <Popover label="Project actions" trigger={(props) => <Button {...props}>Project actions ▾</Button>}>
      {(close) => (
        <div className="flex flex-col p-1">
          {['Redeploy', 'Promote', 'Copy URL'].map((action) => (
            <button
              key={action}
              type="button"
              onClick={() => close()}
              className="rounded px-3 py-1.5 text-left text-sm hover:bg-subtle"
            >
              {action}
            </button>
          ))}
        </div>
      )}
    </Popover>
  );
}

export function CopyDemo() {
  return <CopyButton value="nimbus deploy --prod" label="Copy command" />;
}

export function TooltipDemo() {
  return (
    <Tooltip text="Builds the same files again with the project's current settings.">
      <Button>Redeploy</Button>
    </Tooltip>
  );
}
