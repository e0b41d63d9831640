// Every user, found by e-mail, username or id: teams, two-factor and live sessions at a glance.
import { Badge } from '@nimbus/ui';
import { AdminTable, offsetOf, one, Pager, SearchForm } from '@/components/admin/table';
import { formatDate } from '@/components/dashboard/format';
import { PageHeader } from '@/components/dashboard/page-header';
import { staff } from '@/lib/data';
import { type SearchParams, staffContext } from '@/lib/staff';

export const metadata = { title: 'Users – Staff console – Nimbus' };
const LIMIT = 25;

export default async function AdminUsers({ searchParams }: { searchParams: SearchParams }) {
  const ctx = await staffContext();
  if (!ctx) return null;
  const params = await searchParams;
  const q = one(params.q);
  const { users, pagination } = await staff.users(ctx, { q, limit: LIMIT, offset: offsetOf(one(params.offset)) });
  return (
    <>
      <PageHeader title="Users" />
      <SearchForm label="Find users" value={q} placeholder="E-mail, username or id" />
      <AdminTable
        label="Users"
        columns={['E-mail', 'Username', 'Created', 'Teams', '2FA', 'Sessions']}
        empty={q ? `No user matches “${q}”.` : 'No users yet.'}
        rows={users.map((u) => ({
          key: u.id,
          cells: [
            <a key="e" href={`/admin/users/${u.id}`} className="font-medium">
              {u.email}
            </a>,
            u.username,
            formatDate(u.createdAt),
            u.teams.join(', '),
            u.twoFactor ? <Badge tone="green">On</Badge> : 'Off',
            u.sessions,
          ],
        }))}
      />
      <Pager path="/admin/users" params={{ q }} pagination={pagination} limit={LIMIT} />
    </>
  );
}
