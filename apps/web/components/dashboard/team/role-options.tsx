// The role choices of a team, in the order of how much they may do, with plain-language names.
import { ROLES, type Role } from '@nimbus/core';

export const ROLE_LABELS: Record<Role, string> = {
  OWNER: 'Owner',
  MEMBER: 'Member',
  DEVELOPER: 'Developer',
  BILLING: 'Billing',
  VIEWER: 'Viewer',
};

export function RoleOptions() {
  return ROLES.map((role) => (
    <option key={role} value={role}>
      {ROLE_LABELS[role]}
    </option>
  ));
}
