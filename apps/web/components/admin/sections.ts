// The sections of the staff console, in the order of its navigation. Feature flags, client errors,
// traces and risk scores have their own pages under /admin as well.
import type { NavItem } from '../dashboard/sub-nav';

export const ADMIN_SECTIONS: NavItem[] = [
  { href: '/admin', label: 'Overview', exact: true },
  { href: '/admin/users', label: 'Users' },
  { href: '/admin/teams', label: 'Teams' },
  { href: '/admin/deployments', label: 'Deployments' },
  { href: '/admin/leads', label: 'Leads' },
  { href: '/admin/search', label: 'Search analytics' },
  { href: '/admin/flags', label: 'Feature flags' },
  { href: '/admin/risk', label: 'Risk scores' },
  { href: '/admin/errors', label: 'Client errors' },
  { href: '/admin/traces', label: 'Traces' },
  { href: '/admin/events', label: 'Event stream' },
  { href: '/admin/deploy-freeze', label: 'Deploy freeze' },
  { href: '/admin/mail', label: 'Account mail' },
];
