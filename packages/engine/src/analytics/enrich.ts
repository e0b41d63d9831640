// What a page view or vital is recorded with besides what the page said: device, browser and OS
// from the User-Agent (bowser), the country from the operator's proxy header, the referrer reduced
// to its host name, the UTM parameters of the page's URL, and the path without its query.
import type { IncomingMessage } from 'node:http';
import type { schema } from '@nimbus/db';
import Bowser from 'bowser';
import { LRUCache } from 'lru-cache';

export interface Agent {
  device: schema.WebDevice;
  browser: string;
  os: string;
}

// A site's visitors share few distinct user agents: parse each once.
const agents = new LRUCache<string, Agent>({ max: 2_000 });

export function parseAgent(userAgent: string): Agent {
  const hit = agents.get(userAgent);
  if (hit) return hit;
  const parsed = Bowser.parse(userAgent);
  const platform = parsed.platform.type;
  const agent: Agent = {
    device: platform === 'mobile' ? 'mobile' : platform === 'tablet' ? 'tablet' : 'desktop',
    browser: parsed.browser.name || 'Unknown',
    os: parsed.os.name || 'Unknown',
  };
  agents.set(userAgent, agent);
  return agent;
}

/** The referring site's host name; null for none, a non-http(s) one, or the page's own host. */
export function referrerHost(referrer: string | undefined, pageHost: string): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    const host = url.hostname.replace(/^www\./, '');
    return host && host !== pageHost.replace(/^www\./, '') ? host : null;
  } catch {
    return null;
  }
}

export interface Utm {
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmContent: string | null;
  utmTerm: string | null;
}

const UTM_MAX = 200;

export function utmOf(params: URLSearchParams): Utm {
  const get = (name: string) => params.get(name)?.slice(0, UTM_MAX) || null;
  return {
    utmSource: get('utm_source'),
    utmMedium: get('utm_medium'),
    utmCampaign: get('utm_campaign'),
    utmContent: get('utm_content'),
    utmTerm: get('utm_term'),
  };
}

/** A two-letter country code from the operator's header, when it holds one (`XX`, `T1` are not countries). */
export function countryOf(req: IncomingMessage, header: string | undefined): string | null {
  if (!header) return null;
  const value = req.headers[header];
  const code = (Array.isArray(value) ? value[0] : value)?.trim().toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) && code !== 'XX' ? code : null;
}

/** The visitor's address: X-Forwarded-For's first entry behind a trusted proxy, else the socket's. */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers['x-forwarded-for'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    if (first) return first;
  }
  return req.socket.remoteAddress ?? '';
}
