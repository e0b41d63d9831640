// Caddy's on-demand TLS `ask` endpoint, `GET /api/tls/ask?domain=<name>` (docs/architecture.md,
// "Automatic HTTPS"): Caddy gets a certificate for a name only after a 200 here. Caddy 2.6 asks on
// every handshake for a name it does not hold in memory, so the front server answers it before
// the API app (no session, body limit or rate limit on the way) from the edge's host cache:
// synchronously when warm, and invalidated by the same alias events as the edge itself.
// Only Caddy on this machine may ask: a caller that is not loopback, or a request Caddy proxied
// (it carries X-Forwarded-For), gets a 403, so visitors cannot list the names Nimbus serves.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { describeError, errorEnvelope } from '@nimbus/core';
import { hostnameOf } from '@nimbus/engine/src/edge/hosts';

export interface TlsAskOptions {
  /** The dashboard's origin (NIMBUS_PUBLIC_URL): its host always gets a certificate. */
  publicUrl: string;
  /** The edge of this process (null without the edge role): it knows every deployment host and alias. */
  edge: { serves(hostname: string): boolean | Promise<boolean> } | null;
}

/** A host name: labels of letters, digits and inner dashes (1 to 63), at most 253 characters in all. */
const DNS_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

type Answer = [status: number, code: string, message: string];

export function createTlsAsk({ publicUrl, edge }: TlsAskOptions) {
  const publicHost = hostnameOf(new URL(publicUrl).host);

  function answer(res: ServerResponse, [status, code, message]: Answer): void {
    if (status === 200) {
      res.writeHead(200, { 'content-length': '0', 'cache-control': 'no-store' });
      res.end();
      return;
    }
    const body = JSON.stringify(errorEnvelope(code, message));
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(body);
  }

  const served: Answer = [200, 'ok', ''];
  const notServed = (name: string): Answer => [
    404,
    'not_found',
    `Nimbus serves nothing at ${name}: no deployment, alias or verified domain has that name, so no certificate is issued for it.`,
  ];

  /** The answer for one name; a promise only when the edge has to look the host up. */
  function decide(name: string): Answer | Promise<Answer> {
    if (!DNS_NAME.test(name) || isIP(name)) {
      return [
        404,
        'not_found',
        `"${name}" is not a domain name Nimbus serves: certificates are issued for host names, never IP addresses.`,
      ];
    }
    if (name === publicHost) return served;
    if (!edge) return [421, 'role_not_served', 'This Nimbus process does not run the edge role: ask one that does.'];
    const serves = edge.serves(name);
    if (serves instanceof Promise) return serves.then((yes) => (yes ? served : notServed(name)));
    return serves ? served : notServed(name);
  }

  return function handle(req: IncomingMessage, res: ServerResponse): void {
    const remote = req.socket.remoteAddress ?? '';
    if (!LOOPBACK.test(remote) || req.headers['x-forwarded-for'] !== undefined) {
      return answer(res, [
        403,
        'forbidden',
        'Only Caddy on this machine may ask for certificates: GET /api/tls/ask answers loopback callers only.',
      ]);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return answer(res, [405, 'method_not_allowed', 'Use GET /api/tls/ask?domain=<name>.']);
    }
    const url = req.url ?? '';
    const query = url.indexOf('?');
    const domain = query < 0 ? null : new URLSearchParams(url.slice(query + 1)).get('domain');
    if (!domain) return answer(res, [400, 'bad_request', 'Name the host to check: GET /api/tls/ask?domain=<name>.']);
    const decided = decide(domain.toLowerCase().replace(/\.$/, ''));
    if (decided instanceof Promise)
      decided.then(
        (a) => answer(res, a),
        (error: unknown) => {
          console.error(`[tls ask] could not look up ${JSON.stringify(domain)}: ${describeError(error)}`);
          answer(res, [503, 'unavailable', 'Nimbus could not check this name now; Caddy will ask again.']);
        },
      );
    else answer(res, decided);
  };
}
