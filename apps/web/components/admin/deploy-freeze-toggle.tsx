'use client';
// The console's button for the deploy-freeze debug cookie: the same call as the internal command.
import { Badge, Button, useToast } from '@nimbus/ui';
import { toggleDeployFreeze } from '../dashboard/command-menu/internal-commands';

export function DeployFreezeToggle({ on }: { on: boolean }) {
  const toast = useToast();
  const toggle = async () => {
    if (!(await toggleDeployFreeze(() => window.location.reload())))
      toast.error('Only Nimbus staff can toggle the deploy freeze branch.');
  };
  return (
    <div className="flex items-center gap-3">
      <span className="text-sm">Deploy freeze branch</span>
      <Badge tone={on ? 'amber' : 'neutral'}>{on ? 'On' : 'Off'}</Badge>
      <Button size="small" onClick={toggle}>
        {on ? 'Turn off' : 'Turn on'}
      </Button>
    </div>
  );
}
