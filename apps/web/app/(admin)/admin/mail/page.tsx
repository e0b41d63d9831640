// Account mail waiting in the outbox (reset links, sign-up notices) when no SMTP server is configured.
import { AdminTable, one, SearchForm } from '@/components/admin/table';
import { formatDate } from '@/components/dashboard/format';
import { PageHeader } from '@/components/dashboard/page-header';
import { admin } from '@/lib/data';
import { type SearchParams, staffContext } from '@/lib/staff';

export const metadata = { title: 'Account mail – Staff console – Nimbus' };

export default async function AdminMail({ searchParams }: { searchParams: SearchParams }) {
  const ctx = await staffContext();
  if (!ctx) return null;
  const to = one((await searchParams).q);
  const { messages } = await admin.accountMail(ctx, to);
  return (
    <>
      <PageHeader
        title="Account mail"
        description="Mail Nimbus could not send for want of an SMTP server (SMTP_URL)."
      />
      <SearchForm label="Mail to" value={to} placeholder="Recipient e-mail" />
      <AdminTable
        label="Account mail"
        columns={['To', 'Subject', 'Link', 'Queued']}
        empty="No account mail waiting."
        rows={messages.map((m) => ({
          key: m.id,
          cells: [
            m.to,
            m.subject,
            m.link ? (
              <code key="l" className="break-all text-xs">
                {m.link}
              </code>
            ) : (
              '—'
            ),
            formatDate(m.createdAt),
          ],
        }))}
      />
    </>
  );
}
