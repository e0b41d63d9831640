// Tells members without the owner role why the settings below cannot be changed, and by whom.
import type { Role } from '@nimbus/core';

export function ReadOnlyNote({ role, what = 'team settings' }: { role: Role; what?: string }) {
  return (
    <p role="note" className="rounded-lg border border-border bg-subtle px-4 py-3 text-sm text-muted">
      You are a <strong className="font-medium text-foreground">{role.toLowerCase()}</strong> of this team, so you can
      see but not change the {what}. Ask an owner if something needs to change.
    </p>
  );
}
