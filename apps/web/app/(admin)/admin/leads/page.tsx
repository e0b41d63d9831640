// Sales leads from the contact and demo forms (services/leads.ts), newest first, paged back in time.
import { LEAD_KINDS } from '@nimbus/core';
import { Badge, Select } from '@nimbus/ui';
import { AdminTable, one } from '@/components/admin/table';
import { formatDate } from '@/components/dashboard/format';
import { PageHeader } from '@/components/dashboard/page-header';
import { leads } from '@/lib/data';
import { type SearchParams, staffContext } from '@/lib/staff';

export const metadata = { title: 'Leads – Staff console – Nimbus' };
const LIMIT = 50;

export default async function AdminLeads({ searchParams }: { searchParams: SearchParams }) {
  const ctx = await staffContext();
  if (!ctx) return null;
  const params = await searchParams;
  const kind = LEAD_KINDS.find((k) => k === one(params.kind));
  const until = Number(one(params.until));
  const list = await leads.list(ctx, {
    kind,
    limit: LIMIT,
    until: Number.isSafeInteger(until) && until > 0 ? until : undefined,
  });
  const next = new URLSearchParams({ ...(kind ? { kind } : {}), until: String(list.pagination.next) });
  return (
    <>
      <PageHeader title="Leads" description="Messages from the contact and demo forms." />
      <form method="get" className="flex items-center gap-2">
        <Select name="kind" aria-label="Kind" defaultValue={kind ?? ''} controlSize="small" widthClass="w-48">
          <option value="">Every kind</option>
          {LEAD_KINDS.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </Select>
        <button type="submit" className="text-sm underline">
          Filter
        </button>
      </form>
      <AdminTable
        label="Leads"
        columns={['Name', 'Company', 'Kind', 'Message', 'Sent']}
        empty="No leads."
        rows={list.leads.map((l) => ({
          key: l.id,
          cells: [
            <span key="n">
              {l.name}
              <br />
              <span className="text-muted">{l.email}</span>
            </span>,
            <span key="c">
              {l.company} · {l.companySize} {l.aboveSizeThreshold && <Badge tone="blue">Large</Badge>}
            </span>,
            l.kind,
            <span key="m" className="line-clamp-3 max-w-md">
              {l.message}
            </span>,
            formatDate(l.createdAt),
          ],
        }))}
      />
      {list.pagination.next !== null && (
        <a href={`/admin/leads?${next}`} className="text-sm">
          Older leads
        </a>
      )}
    </>
  );
}
