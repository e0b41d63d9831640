// Who a visitor is, without knowing who they are: a truncated SHA-256 of the day's salt, IP, user
// agent and host. The salt is random per UTC day and shared by every process (dailySalt in
// @nimbus/db); once the day is over it is deleted, so no hash can be linked to a later one.
// Bots are not counted, and neither are visitors who ask not to be when the project honours it.
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type Db, dailySalt } from '@nimbus/db';
import { isbot } from 'isbot';

/** 16 bytes of the digest: collisions stay negligible for any site's daily visitors. */
const VISITOR_HEX = 32;

export function visitorHash(salt: string, ip: string, userAgent: string, host: string): string {
  return createHash('sha256').update(`${salt}\0${ip}\0${userAgent}\0${host}`).digest('hex').slice(0, VISITOR_HEX);
}

export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

export interface SaltKeeper {
  /** The salt of `now`'s UTC day: synchronous once known, a promise on a new day. */
  get(now?: Date): string | Promise<string>;
}

/** Keeps the current day's salt in memory; the first request of a day reads (or creates) it. */
export function createSaltKeeper(db: Db): SaltKeeper {
  let day = '';
  let salt = '';
  let loading: { day: string; promise: Promise<string> } | null = null;
  return {
    get(now = new Date()) {
      const today = utcDay(now);
      if (today === day) return salt;
      if (loading?.day === today) return loading.promise;
      const promise = dailySalt(db, today).then(
        (value) => {
          if (today >= day) [day, salt] = [today, value];
          return value;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      loading = { day: today, promise };
      return promise;
    },
  };
}

/** A crawler, a monitor or a headless browser: never counted. A missing user agent is a script. */
export const isBotAgent = (userAgent: string) => !userAgent || isbot(userAgent);

/** `DNT: 1` or `Sec-GPC: 1`: the visitor asked not to be tracked. */
export function asksNotToTrack(req: IncomingMessage): boolean {
  return req.headers.dnt === '1' || req.headers['sec-gpc'] === '1';
}
