// Old personal URLs: personal teams were named after their user (`/ada`) until they took
// `<username>-projects` (packages/db/src/queries/accounts.ts); a visit to the old URL lands on the new one.

/** Header through which the front server (apps/web/server.ts) tells pages the URL asked for. */
export const PATH_HEADER = 'x-nimbus-path';

/** `url` with its first segment `from` replaced by `to` (path, query and hash kept); else just `/to`. */
export function renamedTeamPath(url: string | null, from: string, to: string): string {
  const old = `/${from}`;
  if (url?.startsWith(old) && ['', '/', '?', '#'].includes(url.charAt(old.length)))
    return `/${to}${url.slice(old.length)}`;
  return `/${to}`;
}
