// What a file's name says about how to serve it: its content type, whether compressing it pays,
// and how long browsers may keep it. A content hash in the name makes a file immutable, so it is
// cached for a year; everything else (HTML above all) is revalidated against its ETag on each use.
import { contentType } from 'mime-types';

const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'public, max-age=0, must-revalidate';

// A hash is the last `-` or `.` separated part before the extension: `app-3f2a1b9c.js`, `index.CkZ9qL2x.css`.
const HASH_SEGMENT = /[.-]([A-Za-z0-9_]{8,})\.[A-Za-z0-9]+$/;
const COMPRESSIBLE =
  /^(text\/|application\/(javascript|json|xml|wasm|manifest\+json|ld\+json|rss\+xml|atom\+xml)|image\/(svg\+xml|x-icon|vnd\.microsoft\.icon)|font\/(ttf|otf))/;

export function typeOf(path: string): string {
  return contentType(path.slice(path.lastIndexOf('/') + 1)) || 'application/octet-stream';
}

export function isCompressible(type: string): boolean {
  return COMPRESSIBLE.test(type);
}

/** True for build-tool output names; `_next/static/` holds only such files. A false "no" just costs a revalidation. */
function isHashed(path: string): boolean {
  if (path.startsWith('_next/static/')) return true;
  if (path.endsWith('.html')) return false;
  const hash = HASH_SEGMENT.exec(path.slice(path.lastIndexOf('/') + 1))?.[1];
  if (!hash) return false;
  const hasDigit = /\d/.test(hash);
  const hasLower = /[a-z]/.test(hash);
  const hasUpper = /[A-Z]/.test(hash);
  return (hasDigit && (hasLower || hasUpper)) || (hasLower && hasUpper);
}

export function cacheControlOf(path: string): string {
  return isHashed(path) ? IMMUTABLE : REVALIDATE;
}
