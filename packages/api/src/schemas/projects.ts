// Request and response schemas of projects and their environment variables.
import { z } from '@hono/zod-openapi';
import { ScopeQuery } from './common';

const setting = (what: string) => z.string().nullish().describe(what);

export const ProjectSettingsFields = {
  framework: setting('vite, astro, nextjs or create-react-app; null to detect it from package.json.'),
  installCommand: setting('Overrides the lockfile package manager install, e.g. "npm ci".'),
  buildCommand: setting('Overrides the build script, e.g. "npm run build".'),
  outputDirectory: setting('Folder to serve after the build, e.g. "dist".'),
  rootDirectory: setting('Folder of the app inside the uploaded files.'),
  devCommand: setting('Command for local development.'),
};

export const ProjectSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    accountId: z.string(),
    framework: z.string().nullable(),
    createdAt: z.number(),
  })
  .passthrough()
  .openapi('Project');

export const ProjectCreate = z
  .object({
    name: z.string().describe('Up to 100 lower-case letters, digits, ".", "_" or "-".'),
    ...ProjectSettingsFields,
  })
  .passthrough()
  .openapi('ProjectCreate');

export const ProjectPatch = z
  .object({
    name: z.string().optional(),
    speedInsights: z.boolean().optional().describe('Turns Speed Insights on or off for the project.'),
    ...ProjectSettingsFields,
  })
  .passthrough()
  .openapi('ProjectPatch');

export const ListQuery = ScopeQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(20).describe('At most 100 items per page.'),
  until: z.coerce.number().optional().describe('pagination.next of the previous page.'),
  since: z.coerce.number().optional(),
  search: z.string().optional().describe('Part of a project name.'),
});

export const ProjectParam = z.object({ idOrName: z.string().openapi({ param: { name: 'idOrName', in: 'path' } }) });

const target = z.union([z.string(), z.array(z.string())]);

export const EnvCreateItem = z
  .object({
    key: z.string().optional().describe('Letters, digits and _, not starting with a digit.'),
    value: z.string().optional(),
    target: target.optional().describe('production, preview and/or development.'),
    type: z
      .string()
      .optional()
      .describe('encrypted (default), plain or sensitive; sensitive values are never shown again.'),
    comment: z.string().nullish(),
  })
  .passthrough()
  .openapi('EnvCreate');

export const EnvPatch = z
  .object({
    key: z.string().optional(),
    value: z.string().optional(),
    target: target.optional(),
    type: z.string().optional(),
    comment: z.string().nullish(),
  })
  .passthrough()
  .openapi('EnvPatch');

export const EnvSchema = z
  .object({
    id: z.string(),
    key: z.string(),
    type: z.string(),
    target: z.array(z.string()),
    value: z.string(),
    decrypted: z.boolean(),
  })
  .passthrough()
  .openapi('EnvVar');
