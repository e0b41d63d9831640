// A request URL turned, once per deployment and URL, into everything needed to answer it: the
// routing decision, the file, and prebuilt header lists per encoding. Deployments are immutable,
// so a plan never goes stale; the hot path is then a map lookup and a write.
import path from 'node:path';
import type { Encoding } from './bodies';
import { cacheControlOf, isCompressible, REVALIDATE, typeOf } from './file-types';
import { type OutputEntry, resolvePath } from './resolve';
import {
  flatHeaders,
  type HeaderList,
  NOSNIFF,
  NOT_FOUND_MESSAGE,
  NOT_FOUND_TITLE,
  page,
  pages,
  type StaticResponse,
  staticResponse,
} from './responses';
import type { RequestFacts, Rules } from './rules';

// Below this size compression saves less than its own header costs.
const MIN_COMPRESS = 1024;

export interface FilePlan {
  kind: 'file';
  status: number;
  sha: string;
  size: number;
  etag: string;
  /** False also for files too large to buffer: those stream from the store as they are. */
  compressible: boolean;
  base: HeaderList;
  extra: HeaderList;
  identity: string[];
  /** Built on first use: a compressed length is known only once the file has been compressed. */
  encoded: { br?: string[]; gzip?: string[] };
  notModified: { identity: string[]; br: string[]; gzip: string[] };
  /** The 200/404 heads per encoding as bytes (responses.ts wireHead), built on first use by the fast lane. */
  wire: { identity?: Buffer | null; br?: Buffer | null; gzip?: Buffer | null };
}

export type Plan = FilePlan | { kind: 'static'; response: StaticResponse };

export function etagOf(sha: string, encoding: Encoding | null): string {
  return encoding ? `"${sha}-${encoding}"` : `"${sha}"`;
}

export function planFor(
  url: string,
  files: Map<string, OutputEntry>,
  rules: Rules,
  maxFileBytes: number,
  facts?: RequestFacts,
): Plan {
  const q = url.indexOf('?');
  let decoded: string;
  try {
    decoded = decodeURIComponent(q < 0 ? url : url.slice(0, q));
  } catch {
    return { kind: 'static', response: pages.badRequest };
  }
  if (!decoded.startsWith('/') || decoded.includes('\0')) return { kind: 'static', response: pages.badRequest };
  // Decoded exactly once, then `.` and `..` folded: a path can never climb above the deployment root.
  const resolution = resolvePath(path.posix.normalize(decoded), q < 0 ? '' : url.slice(q), files, rules, facts);
  if (resolution.kind === 'redirect') {
    const location = resolution.location.replace(/[^\x21-\x7e]+/g, encodeURIComponent);
    return { kind: 'static', response: staticResponse(resolution.status, Buffer.alloc(0), [['location', location]]) };
  }
  if (resolution.kind === 'missing') {
    return {
      kind: 'static',
      response: resolution.headers.length
        ? page(404, NOT_FOUND_TITLE, NOT_FOUND_MESSAGE, resolution.headers, REVALIDATE)
        : pages.notFound,
    };
  }
  return filePlan(resolution.path, resolution.entry, resolution.status, resolution.headers, maxFileBytes);
}

/**
 * The plan of one file: its prebuilt header lists per encoding. `contentType` overrides the type the
 * file name gives (a Build Output `overrides` entry serves `about.html` as `/about`).
 */
export function filePlan(
  filePath: string,
  entry: OutputEntry,
  status: number,
  extra: HeaderList,
  maxFileBytes: number,
  contentType?: string,
): FilePlan {
  const type = contentType ?? typeOf(filePath);
  const compressible = isCompressible(type) && entry.size >= MIN_COMPRESS && entry.size <= maxFileBytes;
  const base: HeaderList = [
    ...NOSNIFF,
    ['content-type', type],
    ['cache-control', status === 200 ? cacheControlOf(filePath) : REVALIDATE],
    ['accept-ranges', 'bytes'],
  ];
  if (compressible) base.push(['vary', 'Accept-Encoding']);
  const notModified = (encoding: Encoding | null) =>
    flatHeaders([...base, ['etag', etagOf(entry.sha, encoding)]], extra);
  return {
    kind: 'file',
    status,
    sha: entry.sha,
    size: entry.size,
    etag: etagOf(entry.sha, null),
    compressible,
    base,
    extra,
    identity: flatHeaders([...base, ['etag', etagOf(entry.sha, null)], ['content-length', String(entry.size)]], extra),
    encoded: {},
    wire: {},
    notModified: { identity: notModified(null), br: notModified('br'), gzip: notModified('gzip') },
  };
}
