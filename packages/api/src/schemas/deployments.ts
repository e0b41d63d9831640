// Request and response schemas of deployments and file uploads.
import { z } from '@hono/zod-openapi';
import { ScopeQuery } from './common';
import { ProjectSettingsFields } from './projects';

const FileRef = z.object({
  file: z.string().describe('POSIX path relative to the deployment root.'),
  sha: z.string().describe('SHA-1 hex of the content, uploaded first with POST /v2/files.'),
  size: z.number().int().min(0),
  mode: z.number().int().optional(),
});

const InlineFile = z.object({
  file: z.string(),
  data: z.string().describe('The content, base64 or utf-8 encoded.'),
  encoding: z.enum(['base64', 'utf-8']).optional(),
  mode: z.number().int().optional(),
});

export const DeploymentCreate = z
  .object({
    name: z.string().optional().describe('Project name; the project is created when it does not exist.'),
    project: z.string().optional().describe('Project id or name, instead of name.'),
    files: z
      .array(z.union([FileRef, InlineFile]))
      .optional()
      .describe('Every file of the deployment, by digest or inline.'),
    deploymentId: z
      .string()
      .optional()
      .describe(
        'Redeploy: build this earlier deployment again (its files, the current settings and env vars); send no files.',
      ),
    target: z
      .enum(['production', 'preview', 'staging'])
      .nullish()
      .describe('production moves the production host when READY.'),
    projectSettings: z.object(ProjectSettingsFields).passthrough().nullish(),
    meta: z.record(z.string(), z.string()).optional().describe('Free key/value pairs shown with the deployment.'),
  })
  .passthrough()
  .openapi('DeploymentCreate');

export const DeploymentSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    readyState: z.string(),
    aliasAssigned: z.boolean(),
    createdAt: z.number(),
  })
  .passthrough()
  .openapi('Deployment');

export const DeploymentListQuery = ScopeQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(20).describe('At most 100 items per page.'),
  until: z.coerce.number().optional().describe('pagination.next of the previous page.'),
  since: z.coerce.number().optional(),
  projectId: z.string().optional().describe('Project id or name.'),
  app: z.string().optional().describe('Project name (older clients).'),
  target: z.enum(['production', 'preview']).optional(),
  state: z.string().optional().describe('Comma list of QUEUED, BUILDING, READY, ERROR, CANCELED.'),
});

export const IdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });
