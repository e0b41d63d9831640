// A seeded, bounded fuzz of every route in `/api/openapi.json`: valid-ish and malformed bodies made
// from the documented schemas, NUL bytes, huge strings, wrong types, out-of-range numbers and dates,
// random path params, as a member of a real team and unauthenticated. Bad input is a 4xx in the one
// error envelope, never a 5xx (docs/architecture.md, "The REST API"). `FUZZ_SEED=<n>` replays a run.
// Then, without chance, every route once with percent-encoding that is not UTF-8 in its path and
// query, and every route that takes a body once with JSON nested 20,000 deep: each a 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineTestApi } from './engine-testing';
import { MAX_JSON_DEPTH } from './json-depth';
import { ORIGIN } from './testing';

const REQUESTS = 2_000;
const SEED = Number(process.env.FUZZ_SEED) || Math.floor(Math.random() * 2 ** 31);

/** mulberry32: a tiny PRNG, so one seed replays the same requests. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const random = prng(SEED);
const chance = (p: number) => random() < p;
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** Strings and values that have broken handlers somewhere: NUL, sizes past index limits, dates past JS's range. */
const EVIL = [
  '\u0000',
  'a\u0000b',
  'x'.repeat(4_096),
  'é'.repeat(3_000),
  '',
  ' ',
  '../../etc/passwd',
  '%00',
  '\ud800',
  '💥'.repeat(50),
  "'; DROP TABLE users; --",
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  8_640_000_000_000_001,
  -8_640_000_000_000_001,
  Number.MAX_SAFE_INTEGER,
  true,
  null,
  [],
  {},
  [null],
  { a: '\u0000' },
];
const EVIL_PARAMS = [
  '%00',
  'a%00b',
  '%ff%fe',
  '%E2%82',
  'x'.repeat(4_096),
  '%C3%A9'.repeat(500),
  '..',
  '%2e%2e',
  'undefined',
  '-1',
];
const EVIL_HEADERS = ['x'.repeat(4_096), '-1', '1e400', '%00', '../..', 'Bearer', 'a'.repeat(40)];
const EVIL_QUERY = [...EVIL_PARAMS, '8640000000000001', '-8640000000000001', '1e400', 'NaN', 'true', '2024-13-45'];

type Schema = Record<string, any>;
let components: Record<string, Schema> = {};
const resolve = (s: Schema): Schema =>
  s?.$ref ? resolve(components[s.$ref.replace('#/components/schemas/', '')] ?? {}) : (s ?? {});

/** A value the schema probably accepts, from its examples, enums and bounds. */
function valid(raw: Schema, depth = 0): unknown {
  const s = resolve(raw);
  if (s.const !== undefined) return s.const;
  if (s.enum) return pick(s.enum);
  const union = s.anyOf ?? s.oneOf;
  if (union) return valid(pick(union), depth);
  if (s.allOf) return Object.assign({}, ...s.allOf.map((p: Schema) => valid(p, depth)));
  const type = Array.isArray(s.type) ? pick(s.type.filter((t: string) => t !== 'null')) : s.type;
  switch (type) {
    case 'string':
      return s.format === 'email' ? `fuzz${Math.floor(random() * 1e6)}@example.com` : pick(['fuzz-site', 'hello', 'A']);
    case 'integer':
    case 'number':
      return s.minimum ?? Math.floor(random() * 10);
    case 'boolean':
      return chance(0.5);
    case 'array':
      return depth > 3 ? [] : Array.from({ length: Math.floor(random() * 3) }, () => valid(s.items ?? {}, depth + 1));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries<Schema>(s.properties ?? {})) {
        if (depth < 4 && (s.required?.includes(key) || chance(0.5))) out[key] = valid(prop, depth + 1);
      }
      return out;
    }
    default:
      return pick(['fuzz', 1, true]);
  }
}

/** The valid-ish value with some of its leaves, or itself, swapped for hostile ones. */
function mutate(value: unknown, depth = 0): unknown {
  if (chance(depth === 0 ? 0.15 : 0.25)) return pick(EVIL);
  if (Array.isArray(value)) return value.map((v) => mutate(v, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = mutate(v, depth + 1);
    if (chance(0.1)) out[pick(['__proto__', 'constructor', 'x\u0000'])] = pick(EVIL);
    return out;
  }
  return value;
}

type Operation = { method: string; path: string; parameters: Schema[]; body?: Schema };
type Actor = { name: string; signedIn: boolean; headers: Record<string, string> };

let t: Awaited<ReturnType<typeof createEngineTestApi>>;
const operations: Operation[] = [];
let actors: Actor[] = [];
let realParams: string[] = [];

beforeAll(async () => {
  console.log(`fuzz seed ${SEED} (replay with FUZZ_SEED=${SEED})`);
  t = await createEngineTestApi();
  const alice = await t.signup('fuzz-alice@example.com');
  const team = await t.call('POST', '/v1/teams', { token: alice.token, body: { name: 'Fuzz', slug: 'fuzz-team' } });
  const deployed = await t.deploy(alice.token, { 'index.html': '<h1>hi</h1>' }, { name: 'fuzz-site' });
  const env = await t.call('POST', '/v10/projects/fuzz-site/env', {
    token: alice.token,
    body: { key: 'SECRET', value: 's3cret', type: 'sensitive', target: ['production'] },
  });
  realParams = [alice.user.id, alice.user.username, team.json.id, 'fuzz-team', 'fuzz-site', deployed.json.id];
  if (env.json?.created?.id) realParams.push(env.json.created.id);
  actors = [
    { name: 'token', signedIn: true, headers: { authorization: `Bearer ${alice.token}` } },
    { name: 'cookie', signedIn: true, headers: { cookie: alice.cookie, origin: ORIGIN } },
    { name: 'anonymous', signedIn: false, headers: { origin: ORIGIN } },
    { name: 'a forged session', signedIn: false, headers: { origin: ORIGIN, cookie: 'nimbus_session=%00; scope=%00' } },
  ];
  const doc = await (await t.app.request(`${ORIGIN}/openapi.json`)).json();
  components = doc.components?.schemas ?? {};
  for (const [path, methods] of Object.entries<Record<string, Schema>>(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = op.requestBody?.content ?? {};
      const body = content['application/json']?.schema ?? content['text/plain']?.schema;
      operations.push({ method: method.toUpperCase(), path, parameters: op.parameters ?? [], body });
    }
  }
});
afterAll(() => t?.close());

/** Logging out or revoking the token in use would turn the rest of the run into 403s. */
const KEEPS_IDENTITY = (op: Operation, actor: Actor) =>
  !actor.signedIn || !(op.path === '/auth/logout' || op.path.startsWith('/v3/user/tokens/'));

function requestFor(op: Operation) {
  const path = op.path.replace(/\{\w+\}/g, () =>
    chance(0.5) ? encodeURIComponent(pick(realParams)) : pick(EVIL_PARAMS),
  );
  const query = new URLSearchParams();
  for (const p of op.parameters.filter((p) => p.in === 'query')) {
    if (!chance(0.6)) continue;
    const value = chance(0.6) ? valid(p.schema ?? {}) : pick(EVIL_QUERY);
    query.set(p.name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  if (chance(0.15)) query.set(pick(['teamId', 'slug', 'since', 'until', 'limit']), pick(EVIL_QUERY));
  let search = query.toString();
  if (chance(0.05)) search += `${search ? '&' : ''}teamId=%00`;
  // Header values cannot hold a NUL or non-Latin-1 text (fetch refuses them), so headers get the rest.
  const headers: Record<string, string> = {};
  for (const p of op.parameters.filter((p) => p.in === 'header')) {
    if (chance(0.7)) headers[p.name] = chance(0.5) ? String(valid(p.schema ?? {})) : pick(EVIL_HEADERS);
  }
  const body = op.body ? (chance(0.8) ? mutate(valid(op.body)) : pick(EVIL)) : undefined;
  return { url: `${ORIGIN}${path}${search ? `?${search}` : ''}`, body, headers };
}

describe(`fuzz (seed ${SEED})`, () => {
  it(`answers ${REQUESTS} hostile requests without a 5xx, every error in the envelope`, async () => {
    expect(operations.length).toBeGreaterThan(50);
    const failures: string[] = [];
    const statuses: Record<number, number> = {};
    for (let i = 0; i < REQUESTS; i++) {
      const op = pick(operations);
      const actor = pick(actors);
      if (!KEEPS_IDENTITY(op, actor)) continue;
      const { url, body, headers: extra } = requestFor(op);
      const headers: Record<string, string> = { host: 'localhost:3000', ...extra, ...actor.headers };
      if (body !== undefined) headers['content-type'] = chance(0.9) ? 'application/json' : 'text/plain';
      const raw = body === undefined ? undefined : chance(0.05) ? '{"truncated":' : JSON.stringify(body);
      const res = await t.app.request(url, { method: op.method, headers, body: raw });
      const what = `${op.method} ${url.slice(0, 300)} as ${actor.name} ${raw?.slice(0, 300) ?? ''}`;
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      if (res.status >= 500) failures.push(`${res.status} ${what}`);
      if (res.status >= 400) {
        const type = res.headers.get('content-type') ?? '';
        const json = type.includes('application/json') ? await res.json().catch(() => null) : null;
        if (typeof json?.error?.code !== 'string' || typeof json?.error?.message !== 'string')
          failures.push(`${res.status} without the error envelope (${type}): ${what}`);
      } else {
        await res.body?.cancel();
      }
    }
    console.log(`fuzz seed ${SEED}: replies by status ${JSON.stringify(statuses)}`);
    expect(failures.slice(0, 25).join('\n'), `${failures.length} failures with FUZZ_SEED=${SEED}`).toBe('');
  }, 60_000);
});

/** Malformed escapes: bytes that are not UTF-8, a cut-off sequence, an overlong slash, a lone `%`. */
const MALFORMED = ['%ff%fe', '%E2%82', '%c0%af', '100%', '%zz'];
const DEEP = {
  arrays: `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  objects: `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
};

/** The reply is a 400 in the envelope, or else the failure, named. */
async function expect400(res: Response, what: string): Promise<string | null> {
  const type = res.headers.get('content-type') ?? '';
  const json: any = type.includes('application/json') ? await res.json().catch(() => null) : null;
  if (res.status !== 400 || typeof json?.error?.code !== 'string' || typeof json?.error?.message !== 'string')
    return `${res.status} ${JSON.stringify(json)?.slice(0, 200)}: ${what}`;
  return null;
}

describe('every route of the OpenAPI document', () => {
  const actor = () => actors[0]!.headers;

  it('answers a path or query that is not UTF-8 with a 400', async () => {
    const failures: string[] = [];
    for (const [i, op] of operations.entries()) {
      const bad = MALFORMED[i % MALFORMED.length]!;
      const urls = [`${ORIGIN}${op.path.replace(/\{\w+\}/g, 'fuzz-site')}?teamId=${bad}`];
      if (op.path.includes('{')) urls.push(`${ORIGIN}${op.path.replace(/\{\w+\}/g, bad)}`);
      for (const url of urls) {
        const res = await t.app.request(url, { method: op.method, headers: { host: 'localhost:3000', ...actor() } });
        const failure = await expect400(res, `${op.method} ${url}`);
        if (failure) failures.push(failure);
      }
    }
    expect(failures.slice(0, 25).join('\n'), `${failures.length} failures`).toBe('');
  });

  it(`answers a body nested past ${MAX_JSON_DEPTH} levels with a 400 wherever JSON is taken`, async () => {
    const failures: string[] = [];
    for (const op of operations.filter((o) => o.body)) {
      for (const [shape, body] of Object.entries(DEEP)) {
        const url = `${ORIGIN}${op.path.replace(/\{\w+\}/g, 'fuzz-site')}`;
        for (const type of ['application/json', 'text/plain']) {
          const res = await t.app.request(url, {
            method: op.method,
            headers: { host: 'localhost:3000', 'content-type': type, ...actor() },
            body,
          });
          const failure = await expect400(res, `${op.method} ${url} with ${shape} as ${type}`);
          if (failure) failures.push(failure);
        }
      }
    }
    expect(failures.slice(0, 25).join('\n'), `${failures.length} failures`).toBe('');
  });
});
