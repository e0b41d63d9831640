// The team's invoices from Stripe, with Stripe's page to view or pay each and its PDF, and the next
// invoice: the seats of the subscription and the overage of the period so far.
import { Card } from '@nimbus/ui';
import { formatDate } from '../format';

export interface InvoiceRow {
  id: string;
  number: string | null;
  status: string | null;
  currency: string;
  total: number;
  created: number;
  hostedInvoiceUrl: string | null;
  invoicePdf: string | null;
}

export interface NextInvoiceSummary {
  charged: boolean;
  currency: string;
  subscriptionCents: number;
  overageCents: number;
  totalCents: number;
  periodEnd: number | null;
}

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

export function InvoicesCard({ invoices, next }: { invoices: InvoiceRow[]; next: NextInvoiceSummary }) {
  return (
    <Card
      id="invoices"
      title="Invoices"
      description="Billed monthly: Pro per member, and usage past what Pro includes."
    >
      {next.charged && (
        <p className="mb-3 text-sm">
          Next invoice{next.periodEnd ? ` on ${formatDate(next.periodEnd)}` : ''}:{' '}
          <strong>{money(next.totalCents, next.currency)}</strong> ({money(next.subscriptionCents, next.currency)}{' '}
          subscription, {money(next.overageCents, next.currency)} usage so far)
        </p>
      )}
      {invoices.length === 0 ? (
        <p className="text-sm text-muted">No invoices yet.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead className="text-muted">
            <tr>
              <th className="py-1 font-normal">Date</th>
              <th className="py-1 font-normal">Number</th>
              <th className="py-1 font-normal">Total</th>
              <th className="py-1 font-normal">Status</th>
              <th className="py-1 font-normal">
                <span className="sr-only">Links</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {invoices.map((invoice) => (
              <tr key={invoice.id} className="border-t border-border">
                <td className="py-1.5">{formatDate(invoice.created)}</td>
                <td className="py-1.5">{invoice.number ?? '—'}</td>
                <td className="py-1.5">{money(invoice.total, invoice.currency)}</td>
                <td className="py-1.5 capitalize">{invoice.status ?? '—'}</td>
                <td className="flex gap-3 py-1.5">
                  {invoice.hostedInvoiceUrl && (
                    <a
                      className="underline-offset-4 hover:underline"
                      href={invoice.hostedInvoiceUrl}
                      rel="noreferrer"
                      target="_blank"
                    >
                      View
                    </a>
                  )}
                  {invoice.invoicePdf && (
                    <a className="underline-offset-4 hover:underline" href={invoice.invoicePdf} rel="noreferrer">
                      Download PDF
                    </a>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
