// The API reference's data: the OpenAPI document the Hono app publishes (/api/openapi.json), read
// in-process and grouped by tag, with schema references resolved so the page can show each field.
import 'server-only';
import { runtime } from './runtime';

export interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  description?: string;
  default?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  additionalProperties?: boolean | Schema;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: Schema;
}

interface Content {
  content?: Record<string, { schema?: Schema }>;
}

interface RawOperation {
  tags?: string[];
  summary?: string;
  description?: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: Content & { required?: boolean };
  responses?: Record<string, Content & { description?: string }>;
}

interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, RawOperation>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface Operation {
  id: string;
  method: string;
  path: string;
  summary?: string;
  authenticated: boolean;
  parameters: Parameter[];
  body?: { contentType: string; schema?: Schema; required: boolean };
  responses: { status: string; description: string; schema?: Schema }[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head'];

const firstContent = (content: Content['content']) => Object.entries(content ?? {})[0];

export async function loadApiReference() {
  const res = await runtime().api.request('http://localhost/openapi.json');
  if (!res.ok) throw new Error(`The API did not serve its OpenAPI document (${res.status}).`);
  const doc = (await res.json()) as OpenApiDocument;
  const groups = new Map<string, Operation[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS.filter((m) => item[m])) {
      const op = item[method]!;
      const body = firstContent(op.requestBody?.content);
      const tag = op.tags?.[0] ?? 'Other';
      groups.set(tag, [
        ...(groups.get(tag) ?? []),
        {
          id: `${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, '-').replace(/-+$/, ''),
          method: method.toUpperCase(),
          path,
          summary: op.summary ?? op.description,
          authenticated: Boolean(op.security?.length),
          parameters: op.parameters ?? [],
          body: body
            ? { contentType: body[0], schema: body[1].schema, required: Boolean(op.requestBody?.required) }
            : undefined,
          responses: Object.entries(op.responses ?? {}).map(([status, response]) => ({
            status,
            description: response.description ?? '',
            schema: firstContent(response.content)?.[1].schema,
          })),
        },
      ]);
    }
  }
  const schemas = doc.components?.schemas ?? {};
  return {
    info: doc.info,
    groups: [...groups].map(([tag, operations]) => ({ tag, operations })),
    /** The schema a `$ref` points at, with its component name. */
    resolve: (schema: Schema): { name?: string; schema: Schema } => {
      const name = schema.$ref?.replace('#/components/schemas/', '');
      return name ? { name, schema: schemas[name] ?? {} } : { schema };
    },
  };
}

export type ApiReference = Awaited<ReturnType<typeof loadApiReference>>;
