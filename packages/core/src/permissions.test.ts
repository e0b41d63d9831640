import { describe, expect, it } from 'vitest';
import { type Action, can, PERMISSIONS, ROLES, type Role } from './permissions';

// The expected matrix is written out independently of the table, one letter per role in ROLES order:
// O(wner) M(ember) D(eveloper) B(illing) V(iewer).
const MATRIX: Record<Action, string> = {
  'team:read': 'OMDBV',
  'team:update': 'O',
  'team:delete': 'O',
  'audit:read': 'O',
  'members:read': 'OMDBV',
  'members:invite': 'O',
  'members:update': 'O',
  'members:remove': 'O',
  'billing:read': 'OMB',
  'billing:update': 'OB',
  'project:read': 'OMDBV',
  'project:create': 'OMD',
  'project:update': 'OM',
  'project:delete': 'OM',
  'project:transfer': 'O',
  'env:read': 'OMD',
  'env:write': 'OMD',
  'deployment:read': 'OMDBV',
  'deployment:create': 'OMD',
  'deployment:promote': 'OM',
  'deployment:cancel': 'OMD',
  'deployment:delete': 'OM',
  'cache:purge': 'OM',
  'domain:read': 'OMDBV',
  'domain:write': 'OM',
  'integrations:read': 'OMD',
  'integrations:write': 'OM',
};

const cases = (Object.keys(MATRIX) as Action[]).flatMap((action) =>
  ROLES.map((role) => [action, role, MATRIX[action].includes(role[0] ?? '')] as const),
);

describe('can', () => {
  it('covers exactly the documented actions', () => {
    expect(Object.keys(PERMISSIONS).sort()).toEqual(Object.keys(MATRIX).sort());
  });

  it.each(cases)('%s by %s → %s', (action, role, allowed) => {
    expect(can(role as Role, action)).toBe(allowed);
  });

  it('lets only owners manage the team itself', () => {
    const teamAdmin: Action[] = ['team:update', 'team:delete', 'members:invite', 'members:remove'];
    for (const action of teamAdmin) {
      expect(ROLES.filter((role) => can(role, action))).toEqual(['OWNER']);
    }
  });

  it('gives viewers read access only', () => {
    const viewerActions = (Object.keys(PERMISSIONS) as Action[]).filter((a) => can('VIEWER', a));
    expect(viewerActions.every((a) => a.endsWith(':read'))).toBe(true);
  });
});
