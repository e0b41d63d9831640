// How one configuration variable is parsed and documented: parsers of its text whose messages say
// what to write instead, and the registry that keeps each variable's default, description and
// example beside its parser (apps/web/server/config.ts holds the table itself).
import { isIP } from 'node:net';
import { parseBytes, parseDurationSetting } from '@nimbus/core';
import { z } from 'zod';

export const text = z.string();
export const url = z.string().url('use a full URL');
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `use one of ${values.join(', ')}` });
/** A whole number from min to max; `tooLow` says why a smaller one is refused, where that needs saying. */
export const integer = (min: number, max: number, tooLow = `use at least ${min}`) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `use a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().min(min, tooLow).max(max, `use at most ${max}`));
/** `100mb`, `2gb`, `512kb`; a plain number is bytes. */
export const bytes = z.string().transform((value, ctx) => {
  const size = parseBytes(value);
  if (size >= 1) return size;
  ctx.addIssue({ code: 'custom', message: 'use a size like 100mb, 2gb or 512kb (a plain number is bytes)' });
  return z.NEVER;
});
const list = (value: string) =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
/** Comma-separated IP addresses of one family. */
export const ipList = (family: 4 | 6) =>
  z.string().transform((value, ctx) => {
    const ips = list(value);
    const bad = ips.find((ip) => isIP(ip) !== family);
    if (!bad && ips.length) return ips;
    ctx.addIssue({
      code: 'custom',
      message: `use IPv${family} addresses separated by commas (${bad ?? 'none given'})`,
    });
    return z.NEVER;
  });
/** A DNS name such as cname.nimbus.example.com. */
export const hostName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}\.?$/,
    'use a host name like cname.example.com',
  );
/** DNS servers: `1.1.1.1`, `127.0.0.1:5353`, `[::1]:53`, comma-separated. */
export const dnsServers = z.string().transform((value, ctx) => {
  const servers = list(value);
  const bad = servers.find((s) => !isIP(s.replace(/^\[(.*)\](:\d+)?$/, '$1').replace(/^([\d.]+):\d+$/, '$1')));
  if (!bad && servers.length) return servers;
  ctx.addIssue({
    code: 'custom',
    message: `use IP addresses with an optional port, like 1.1.1.1,127.0.0.1:5353 (${bad ?? 'none given'})`,
  });
  return z.NEVER;
});
/** `15m`, `90s`; a plain number is seconds. Milliseconds once parsed. */
export const seconds = z.string().transform((value, ctx) => {
  const ms = parseDurationSetting(value);
  if (ms >= 1000) return ms;
  ctx.addIssue({
    code: 'custom',
    message: 'use a duration of at least 1s like 15m or 90s (a plain number is seconds)',
  });
  return z.NEVER;
});

export interface Setting {
  /** Applied as if it had been set, so it goes through the same parser as any value. */
  default?: string;
  /** What the README shows when there is no literal default. */
  shown?: string;
  description: string;
  example: string;
  /** Values never repeated in error messages (keys, passwords inside URLs). */
  secret?: boolean;
}
export const settings = z.registry<Setting>();

/** A variable with a literal default: always present after parsing. */
export function variable<S extends z.ZodType<unknown, string>>(parse: S, setting: Setting & { default: string }) {
  const schema = z.string().default(setting.default).pipe(parse);
  settings.add(schema, setting);
  return schema;
}

/** A variable without a literal default: undefined when unset. */
export function optional<S extends z.ZodType<unknown, string>>(parse: S, setting: Setting & { shown: string }) {
  const schema = parse.optional();
  settings.add(schema, setting);
  return schema;
}
