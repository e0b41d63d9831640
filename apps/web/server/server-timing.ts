// The `Server-Timing` header of pages (docs/spec.md §7: the "Analyze Server Timing" command reads it from a
// HEAD on the current page). Next.js writes its own headers, so the front server wraps writeHead,
// which Node also calls for responses that never call it themselves, and adds the time from the
// request's arrival to its headers as `total;dur=<ms>`.
import type { ServerResponse } from 'node:http';

export function addServerTiming(res: ServerResponse, now: () => number = performance.now.bind(performance)): void {
  const started = now();
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
    if (!this.headersSent && !this.hasHeader('server-timing')) {
      this.setHeader('server-timing', `total;dur=${(now() - started).toFixed(1)}`);
    }
    return writeHead.apply(this, args);
  } as ServerResponse['writeHead'];
}
