// The docs and posts are written for a default install, whose address is http://localhost:3000.
// Rendered by a running Nimbus, that address becomes the server's own NIMBUS_PUBLIC_URL, so every
// example and link works as printed on the server the reader is on.

const DEFAULT_ORIGIN = /http:\/\/localhost:3000(?!\d)/g;

/** `text` with every default-install origin replaced by `publicUrl` (no trailing slash). */
export function withPublicUrl(text: string, publicUrl: string): string {
  return text.replace(DEFAULT_ORIGIN, publicUrl.replace(/\/$/, ''));
}
