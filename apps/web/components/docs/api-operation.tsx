// One endpoint of the API reference: method and path, whether it needs a token, its parameters,
// its request body and each response.
import type { ApiReference, Operation } from '@/lib/content-api-reference';
import { SchemaTable, typeOf } from './api-schema';

const METHOD_COLOURS: Record<string, string> = {
  GET: 'text-emerald-700 dark:text-emerald-400',
  POST: 'text-blue-700 dark:text-blue-400',
  PATCH: 'text-amber-700 dark:text-amber-400',
  PUT: 'text-amber-700 dark:text-amber-400',
  DELETE: 'text-red-700 dark:text-red-400',
};

export function ApiOperation({ operation, resolve }: { operation: Operation; resolve: ApiReference['resolve'] }) {
  return (
    <section
      id={operation.id}
      aria-labelledby={`${operation.id}-title`}
      className="scroll-mt-24 border-t border-border py-8"
    >
      <h3 id={`${operation.id}-title`} className="flex flex-wrap items-baseline gap-3 font-mono text-base">
        <span className={`font-semibold ${METHOD_COLOURS[operation.method] ?? ''}`}>{operation.method}</span>
        <span className="break-all">{operation.path}</span>
      </h3>
      <p className="mt-2 text-sm text-muted">
        {operation.summary ? `${operation.summary} · ` : ''}
        {operation.authenticated ? 'Needs a bearer token or the session cookie.' : 'Public: no authentication.'}
      </p>
      {operation.parameters.length > 0 && (
        <>
          <h4 className="mt-6 text-sm font-medium">Parameters</h4>
          <ul className="mt-2 divide-y divide-border rounded-lg border border-border text-sm">
            {operation.parameters.map((param) => (
              <li key={`${param.in}-${param.name}`} className="grid gap-1 px-3 py-2 sm:grid-cols-[14rem_1fr]">
                <span className="font-mono text-[13px]">
                  {param.name}{' '}
                  <span className="text-xs text-muted">
                    {param.in}
                    {param.required ? ', required' : ''}
                  </span>
                </span>
                <span className="text-muted">
                  <span className="font-mono text-[13px]">
                    {param.schema ? typeOf(param.schema, resolve) : 'string'}
                  </span>
                  {param.description ? ` · ${param.description}` : ''}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {operation.body?.schema && (
        <>
          <h4 className="mt-6 text-sm font-medium">
            Request body{' '}
            <span className="font-normal text-muted">
              ({operation.body.contentType}
              {operation.body.required ? ', required' : ''})
            </span>
          </h4>
          <div className="mt-2">
            <SchemaTable
              schema={operation.body.schema}
              resolve={resolve}
              label={`Request body of ${operation.method} ${operation.path}`}
            />
          </div>
        </>
      )}
      <h4 className="mt-6 text-sm font-medium">Responses</h4>
      <ul className="mt-2 space-y-4">
        {operation.responses.map((response) => (
          <li key={response.status}>
            <p className="text-sm">
              <span className="font-mono font-semibold">{response.status}</span>{' '}
              <span className="text-muted">{response.description}</span>
            </p>
            {response.schema && response.status.startsWith('2') && (
              <div className="mt-2">
                <SchemaTable
                  schema={response.schema}
                  resolve={resolve}
                  label={`Response ${response.status} of ${operation.method} ${operation.path}`}
                />
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
