// Shows a JSON schema of the API reference as a table of fields: name, type, whether it is
// required, and its description. Nested objects are flattened to dotted names, three levels deep.
import type { ApiReference, Schema } from '@/lib/content-api-reference';

const MAX_DEPTH = 3;

type Resolve = ApiReference['resolve'];

export function typeOf(schema: Schema, resolve: Resolve): string {
  const { name, schema: s } = resolve(schema);
  if (name) return name;
  const union = s.anyOf ?? s.oneOf;
  if (union) return union.map((part) => typeOf(part, resolve)).join(' | ');
  if (s.enum) return s.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (s.type === 'array' && s.items) return `${typeOf(s.items, resolve)}[]`;
  const type = Array.isArray(s.type) ? s.type.join(' | ') : (s.type ?? 'any');
  return s.format ? `${type} (${s.format})` : type;
}

interface Row {
  name: string;
  type: string;
  required: boolean;
  description?: string;
}

function rows(schema: Schema, resolve: Resolve, parent = '', depth = 0): Row[] {
  const s = resolve(schema).schema;
  const isArray = s.type === 'array' && Boolean(s.items);
  const target = isArray ? resolve(s.items!).schema : s;
  const prefix = parent ? `${parent}${isArray ? '[]' : ''}.` : '';
  return Object.entries(target.properties ?? {}).flatMap(([key, value]) => {
    const name = `${prefix}${key}`;
    const row = {
      name,
      type: typeOf(value, resolve),
      required: Boolean(target.required?.includes(key)),
      description: value.description ?? resolve(value).schema.description,
    };
    return depth + 1 < MAX_DEPTH ? [row, ...rows(value, resolve, name, depth + 1)] : [row];
  });
}

export function SchemaTable({ schema, resolve, label }: { schema: Schema; resolve: Resolve; label: string }) {
  const fields = rows(schema, resolve);
  if (fields.length === 0) return <p className="font-mono text-sm">{typeOf(schema, resolve)}</p>;
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label={label}
      className="relative overflow-x-auto rounded-lg border border-border"
    >
      <table className="w-full text-left text-sm">
        <thead className="bg-subtle">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Field
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Type
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Description
            </th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field.name} className="border-t border-border align-top">
              <td className="whitespace-nowrap px-3 py-2 font-mono text-[13px]">
                {field.name}
                {field.required && <span className="ml-1 text-xs text-muted">required</span>}
              </td>
              <td className="px-3 py-2 font-mono text-[13px] text-muted">{field.type}</td>
              <td className="px-3 py-2 text-muted">{field.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
