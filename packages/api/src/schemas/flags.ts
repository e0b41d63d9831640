// Request and response schemas of feature flags, their exposure stream and client error reports.
import { z } from '@hono/zod-openapi';
import { FLAG_KEY_PATTERN, STATSIG_VERSION } from '@nimbus/core';
import { key } from './common';

const FLAG_KEY = 'A flag key is 1 to 63 lower-case letters, digits, "_" or "-", starting with a letter or digit.';
export const flagKey = () => z.string().regex(FLAG_KEY_PATTERN, FLAG_KEY);

const fields = {
  description: z.string().max(500).describe('What the flag gates, for staff.'),
  enabled: z.boolean().describe('Off means off for every team without an override.'),
  rolloutPercentage: z.number().int().min(0).max(100).describe('The share of teams (0-100) that see it on.'),
  overrides: z
    .record(key(), z.boolean())
    .refine((o) => Object.keys(o).length <= 500, 'At most 500 overrides.')
    .describe('Team id to forced value, applied before the rollout.'),
};

export const FlagCreate = z.object({ key: flagKey(), ...fields }).partial({
  description: true,
  enabled: true,
  rolloutPercentage: true,
  overrides: true,
});
export const FlagUpdate = z.object(fields).partial();

export const FlagSchema = z
  .object({
    key: z.string(),
    ...fields,
    exposures: z.record(z.string(), z.number()).describe('Exposures counted per variant ("true", "false").'),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .openapi('FeatureFlag');

export const FlagsQuery = z.object({
  flags: z.enum(['true']).optional().describe('Sent by the dashboard as flags=true.'),
  teamId: key().optional().describe('The team to evaluate for; the current team when left out.'),
});

export const EvaluatedFlags = z
  .object({
    teamId: z.string().nullable(),
    flags: z.record(z.string(), z.boolean()).describe('Every defined flag with its value for the team.'),
  })
  .openapi('EvaluatedFlags');

const time = z.number().int().nonnegative().max(8_640_000_000_000_000);

/** What the browser's exposure queue posts: `{events, exposures, user, v: 2}`. */
export const StatsigBody = z
  .object({
    events: z
      .array(
        z.object({
          eventName: z.string().min(1).max(128),
          value: z.union([z.string().max(1024), z.number()]).nullish(),
          time,
          metadata: z.record(z.string(), z.unknown()).optional(),
        }),
      )
      .max(100),
    exposures: z.array(z.object({ flag: flagKey(), value: z.boolean(), time })).max(100),
    user: z.object({
      userID: z.string().max(128).nullish(),
      customIDs: z.object({ teamID: z.string().max(128).nullish() }).optional(),
    }),
    v: z.literal(STATSIG_VERSION),
  })
  .openapi('StatsigBatch');

export const ClientErrorReport = z
  .object({
    kind: z.enum(['error', 'unhandledrejection', 'fetch']),
    level: z.enum(['error', 'warn']).default('error'),
    message: z.string().min(1).max(2000),
    stack: z.string().max(8000).nullish(),
    path: z.string().max(2000),
    requestId: z.string().max(200).nullish(),
    traceId: z
      .string()
      .regex(/^[0-9a-f]{32}$/, 'A trace id is 32 lower-case hex digits.')
      .nullish(),
    status: z.number().int().min(0).max(999).nullish(),
    release: z.string().max(100).nullish(),
    properties: z.record(z.string(), z.unknown()).optional(),
  })
  .openapi('ClientErrorReport');

export const StoredClientError = z
  .object({
    id: z.string(),
    kind: z.string(),
    level: z.string(),
    message: z.string(),
    stack: z.string().nullable(),
    path: z.string(),
    requestId: z.string().nullable(),
    traceId: z.string().nullable(),
    status: z.number().nullable(),
    release: z.string().nullable(),
    properties: z.record(z.string(), z.unknown()),
    createdAt: z.number(),
  })
  .openapi('ClientError');
