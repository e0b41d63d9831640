'use client';
// The DNS records a domain needs, exactly as the API gives them (type, full name, value), each name
// and value with its own copy button, so nothing has to be retyped at the DNS provider.
import { CopyButton } from '@nimbus/ui';
import type { DnsRecord } from './types';

export function DnsRecords({ caption, records }: { caption: string; records: DnsRecord[] }) {
  return (
    <div className="overflow-x-auto rounded-md border border-border">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-subtle text-xs text-muted">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Type
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Name
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Value
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {records.map((r) => (
            <tr key={`${r.type} ${r.name} ${r.value}`}>
              <td className="px-3 py-2 font-mono">{r.type}</td>
              <td className="px-3 py-2">
                <span className="flex items-center gap-2">
                  <span className="font-mono break-all">{r.name}</span>
                  <CopyButton
                    variant="ghost"
                    value={r.name}
                    label="Copy"
                    aria-label={`Copy ${r.type} name ${r.name}`}
                  />
                </span>
              </td>
              <td className="px-3 py-2">
                <span className="flex items-center gap-2">
                  <span className="font-mono break-all">{r.value}</span>
                  <CopyButton
                    variant="ghost"
                    value={r.value}
                    label="Copy"
                    aria-label={`Copy ${r.type} value ${r.value}`}
                  />
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
