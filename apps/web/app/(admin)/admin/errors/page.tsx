// /admin/errors: client error reports, newest first, with the failing call's request id and a link to
// its trace when one is known (docs/spec.md §8).
import type { Metadata } from 'next';
import { StaffPage, staffContext } from '@/components/admin/staff-page';
import { clientErrors } from '@/lib/data';

export const metadata: Metadata = { title: 'Client errors' };

export default async function ErrorsPage() {
  const ctx = await staffContext('/admin/errors');
  const { errors } = await clientErrors.list(ctx, 100);
  return (
    <StaffPage title="Client errors" description="The newest 100 errors browsers reported. Reports carry no user.">
      {errors.length === 0 ? (
        <p className="text-sm text-muted">No errors reported.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
          {errors.map((e) => (
            <li key={e.id} className="flex flex-col gap-1 p-4 text-sm" data-testid="client-error">
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <span className="font-medium">{e.message}</span>
                <span className="text-muted">
                  {e.kind}
                  {e.status !== null && ` · ${e.status}`}
                </span>
                <time className="ml-auto text-xs text-muted" dateTime={new Date(e.createdAt).toISOString()}>
                  {new Date(e.createdAt).toISOString().replace('T', ' ').slice(0, 19)} UTC
                </time>
              </div>
              <div className="flex flex-wrap gap-x-4 text-xs text-muted">
                <span>
                  Page <code className="font-mono">{e.path || '–'}</code>
                </span>
                <span>
                  Request id <code className="font-mono">{e.requestId ?? '–'}</code>
                </span>
                {e.traceId && (
                  <a className="underline hover:text-foreground" href={`/admin/traces/${e.traceId}`}>
                    Trace {e.traceId.slice(0, 8)}
                  </a>
                )}
                {e.release && <span>Release {e.release}</span>}
              </div>
              {e.stack && (
                <details>
                  <summary className="cursor-pointer text-xs text-muted">Stack</summary>
                  <pre className="mt-2 overflow-x-auto whitespace-pre-wrap font-mono text-xs">{e.stack}</pre>
                </details>
              )}
            </li>
          ))}
        </ul>
      )}
    </StaffPage>
  );
}
