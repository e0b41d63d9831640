// The console's building blocks, rendered on the server: a plain table, a search form that submits
// by GET (so every result page is a link staff can share), and previous/next links by offset.
import { Button, Input } from '@nimbus/ui';
import Link from 'next/link';
import type { ReactNode } from 'react';

export function AdminTable({
  label,
  columns,
  rows,
  empty,
}: {
  label: string;
  columns: string[];
  rows: { key: string; cells: ReactNode[] }[];
  empty: string;
}) {
  if (!rows.length)
    return <p className="rounded-lg border border-border p-6 text-center text-sm text-muted">{empty}</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table aria-label={label} className="w-full text-left text-sm">
        <thead className="bg-subtle text-xs text-muted">
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col" className="px-3 py-2 font-medium">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-t border-border align-top">
              {row.cells.map((cell, i) => (
                <td key={i} className="px-3 py-2">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function SearchForm({
  label,
  value,
  placeholder,
  children,
}: {
  label: string;
  value: string | undefined;
  placeholder: string;
  children?: ReactNode;
}) {
  return (
    <form method="get" role="search" aria-label={label} className="flex flex-wrap items-center gap-2">
      <Input
        name="q"
        aria-label={label}
        defaultValue={value}
        placeholder={placeholder}
        controlSize="small"
        widthClass="w-72"
      />
      {children}
      <Button type="submit" size="small">
        Search
      </Button>
    </form>
  );
}

/** Previous and next links that keep the other query parameters. */
export function Pager({
  path,
  params,
  pagination,
  limit,
}: {
  path: string;
  params: Record<string, string | undefined>;
  pagination: { offset: number; next: number | null };
  limit: number;
}) {
  const href = (offset: number) => {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v) query.set(k, v);
    if (offset) query.set('offset', String(offset));
    const text = query.toString();
    return text ? `${path}?${text}` : path;
  };
  if (!pagination.offset && pagination.next === null) return null;
  return (
    <nav aria-label="Pages" className="flex items-center gap-4 text-sm">
      {pagination.offset > 0 && <Link href={href(Math.max(0, pagination.offset - limit))}>Previous</Link>}
      {pagination.next !== null && <Link href={href(pagination.next)}>Next</Link>}
    </nav>
  );
}

/** `?offset=` as a number the API accepts, 0 when missing or malformed. */
export function offsetOf(value: string | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 && n <= 1_000_000 ? n : 0;
}

export const one = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value || undefined;
