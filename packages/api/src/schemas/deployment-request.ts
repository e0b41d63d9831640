// The one description of what a deployment request (POST /v13/deployments) and a project's build
// settings may contain. The API validates bodies with these schemas once, documents them in its
// OpenAPI, and passes the parsed value on: `submitDeployment` and the project queries take their
// `z.infer` types and check only what needs data (paths, digests, missing files).
// Unknown keys are dropped: Vercel's clients send many fields Nimbus has no use for
// (docs/vercel-compatibility.md).
import {
  DEPLOYMENT_TARGETS,
  FRAMEWORKS,
  frameworkProblem,
  isFramework,
  isNodeVersion,
  NODE_VERSIONS,
} from '@nimbus/core';
import { z } from 'zod';

const SETTING_MAX = 1024;

/** A text setting: trimmed, at most 1 KB; empty or null means "detect it" (stored as null). */
const setting = (what: string) =>
  z
    .string()
    .trim()
    .max(SETTING_MAX, { error: `at most ${SETTING_MAX} characters.` })
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null))
    .describe(what);

const insideProject = (v: string | null | undefined) =>
  !v || !(v.startsWith('/') || v.split('/').includes('..') || v.includes('\0'));
const folder = (what: string) =>
  setting(what).refine(insideProject, { error: 'must be a relative folder inside the project, without "..".' });

export const ProjectSettingsInput = z.object({
  framework: setting(
    `A slug of Vercel's framework list (${FRAMEWORKS.slice(0, 6).join(', ')} ...); null to detect it from the project's files.`,
  ).refine((v) => !v || isFramework(v), { error: (issue) => frameworkProblem(String(issue.input)) }),
  installCommand: setting('Overrides the lockfile package manager install, e.g. "npm ci".'),
  buildCommand: setting('Overrides the build script, e.g. "npm run build".'),
  outputDirectory: folder('Folder to serve after the build, e.g. "dist".'),
  rootDirectory: folder('Folder of the app inside the uploaded files.'),
  devCommand: setting('Command for local development.'),
  commandForIgnoringBuildStep: setting(
    'Ignored Build Step: a command run before a git deployment builds; exit code 0 skips the build.',
  ),
  nodeVersion: z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || undefined)
    .refine((v) => !v || isNodeVersion(v), { error: `use one of ${NODE_VERSIONS.join(', ')}.` })
    .describe(`Node.js major of the build: ${NODE_VERSIONS.join(' or ')}; null keeps the current one.`),
});
export type ProjectSettingsInput = z.infer<typeof ProjectSettingsInput>;

/** File paths are part of an index (deployment, path): a btree row stops at about 2.7 KB. */
const filePath = () => z.string().max(1024, 'A file path is at most 1024 characters.');

const FileRef = z.object({
  file: filePath().describe('POSIX path relative to the deployment root.'),
  sha: z.string().describe('SHA-1 hex of the content, uploaded first with POST /v2/files.'),
  size: z.number().int().min(0),
  mode: z.number().int().optional(),
});

const InlineFile = z.object({
  file: filePath(),
  data: z.string().describe('The content, base64 or utf-8 encoded.'),
  encoding: z.enum(['base64', 'utf-8']).optional(),
  mode: z.number().int().optional(),
});

/** `S_IFMT` and `S_IFDIR` of a file mode. */
const FILE_TYPE = 0o170000;
const DIRECTORY = 0o040000;

/**
 * A folder, as Vercel's CLI lists one it found empty (an empty `.vercel/output/static/`, say): only
 * `file` and a directory `mode`. Nothing to store: dropped before the deployment is checked.
 */
const DirectoryEntry = z.object({
  file: filePath(),
  mode: z
    .number()
    .int()
    .refine((mode) => (mode & FILE_TYPE) === DIRECTORY, { error: 'a file needs its sha and size, or its data.' }),
});
const isDirectoryEntry = (f: object): f is z.infer<typeof DirectoryEntry> => !('sha' in f) && !('data' in f);

const ENV_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
const EnvMap = z.record(
  z.string().regex(ENV_KEY, { error: 'keys are letters, digits and _, not starting with a digit.' }),
  z.string(),
);

const targets = `${DEPLOYMENT_TARGETS.join(' or ')} (null or left out means preview)`;

export const DeploymentCreate = z
  .object({
    name: z.string().max(320).optional().describe('Project name; the project is created when it does not exist.'),
    project: z.string().max(320).optional().describe('Project id or name, instead of name.'),
    files: z
      .array(z.union([FileRef, InlineFile, DirectoryEntry]))
      .transform((files) => files.filter((f) => !isDirectoryEntry(f)) as z.infer<typeof FileRef | typeof InlineFile>[])
      .optional()
      .describe('Every file of the deployment, by digest or inline.'),
    deploymentId: z
      .string()
      .optional()
      .describe('Redeploy: build this earlier deployment again (its files, the current settings and env vars).'),
    target: z
      .string()
      .nullish()
      .describe(`${targets}, or a custom environment's slug; production moves the production host when READY.`),
    customEnvironmentSlugOrId: z
      .string()
      .optional()
      .describe('`vercel deploy --target <name>`: a custom environment of the project, instead of target.'),
    projectSettings: ProjectSettingsInput.nullish(),
    meta: z.record(z.string(), z.string()).optional().describe('Free key/value pairs shown with the deployment.'),
    env: EnvMap.optional().describe('`vercel deploy -e K=V`: variables of this deployment at runtime.'),
    build: z
      .object({ env: EnvMap.optional().describe('`--build-env K=V`: variables of this build, over the project ones.') })
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.deploymentId && !body.files) return;
    if (!body.name && !body.project)
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'send the project name (or its id as "project").' });
    if (!body.files)
      ctx.addIssue({
        code: 'custom',
        path: ['files'],
        message: 'list every file of the deployment, or send deploymentId to redeploy an earlier one.',
      });
  });
export type DeploymentCreate = z.infer<typeof DeploymentCreate>;
