// The insights scripts, bundled once per process from client/insights.ts with esbuild (the
// `web-vitals` package inside, nothing fetched at run time) and kept in memory with their ETag.
// Which build a path gets: the whole script, or only its events or vitals half; Vercel's paths get
// the half their package expects, and answer at Vercel's endpoints (the script reads its own src).
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type ScriptPart = 'all' | 'events' | 'vitals';

export interface InsightsScript {
  body: Buffer;
  etag: string;
}

/** Script paths and the build each serves; `all` falls back to `events` when Speed Insights is off. */
export const SCRIPT_PATHS: Record<string, ScriptPart> = {
  '/_nimbus/insights/script.js': 'all',
  '/insights/events.js': 'events',
  '/insights/vitals.js': 'vitals',
  '/_vercel/insights/script.js': 'events',
  '/_vercel/speed-insights/script.js': 'vitals',
};

// Not `new URL('./client/insights.ts', import.meta.url)`: Next.js's bundler, which bundles this module
// into the dashboard's server code too, would turn that into an asset URL (as in runner-process.ts).
const SOURCE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'client', 'insights.ts');
// Revalidated hourly: a page picks up a new Nimbus release within the hour, and an ETag answers 304.
const CACHE_CONTROL = 'public, max-age=3600, stale-while-revalidate=86400';

const builds = new Map<ScriptPart, Promise<InsightsScript>>();

async function build(part: ScriptPart): Promise<InsightsScript> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [SOURCE],
    bundle: true,
    minify: true,
    format: 'iife',
    target: ['es2019'],
    define: { PARTS: JSON.stringify(part) },
    legalComments: 'none',
    write: false,
  });
  const body = Buffer.from(result.outputFiles[0]!.contents);
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/** The script of `part`, built on first use and shared by every request after. */
export function insightsScript(part: ScriptPart): Promise<InsightsScript> {
  let script = builds.get(part);
  if (!script) {
    script = build(part);
    script.catch(() => builds.delete(part));
    builds.set(part, script);
  }
  return script;
}

/** Sends a script with its validators; a matching If-None-Match gets 304. */
export function sendScript(script: InsightsScript, req: IncomingMessage, res: ServerResponse): void {
  const headers = {
    'content-type': 'text/javascript; charset=utf-8',
    'cache-control': CACHE_CONTROL,
    etag: script.etag,
    'x-content-type-options': 'nosniff',
  };
  if (req.headers['if-none-match'] === script.etag) {
    res.writeHead(304, headers);
    return void res.end();
  }
  res.writeHead(200, { ...headers, 'content-length': script.body.length });
  res.end(req.method === 'HEAD' ? undefined : script.body);
}
