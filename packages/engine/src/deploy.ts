// Turning a POST /v13/deployments body into a queued deployment: check every path first, report
// the digests not uploaded yet (`missing_files`, the client uploads them and sends the body again),
// store inline files, expand the `--archive=tgz` form, find or create the project by name, and
// record the deployment, its files and its build job in one transaction. With `deploymentId` (and no
// files) it is Vercel's redeploy: the earlier deployment's source, built again with the project's
// current settings and env vars.
import {
  cleanSettings,
  createDeployment,
  type Db,
  type Deployment,
  DomainError,
  type FileEntry,
  FRAMEWORKS,
  findOrCreateProject,
  getDeploymentById,
  getProject,
  listSourceFiles,
  missingBlobs,
  notFound,
  validateFiles,
} from '@nimbus/db';
import type { Engine } from './engine';
import { expandArchive, type InlineFile, isArchive, storeInlineFiles } from './store/ingest';
import { sha1 } from './store/local';

export interface DeploymentRequest {
  teamId: string;
  userId: string;
  name?: string;
  project?: string;
  files?: (FileEntry | InlineFile)[];
  /** Redeploy this deployment's source instead of sending files. */
  deploymentId?: string;
  target?: string | null;
  projectSettings?: Record<string, unknown> | null;
  meta?: Record<string, string>;
  source?: string;
}

const isInline = (f: FileEntry | InlineFile): f is InlineFile => typeof (f as InlineFile).data === 'string';

export async function submitDeployment(db: Db, engine: Engine, input: DeploymentRequest): Promise<Deployment> {
  if (input.deploymentId && !input.files) return redeploy(db, engine, { ...input, deploymentId: input.deploymentId });
  if (!input.name && !input.project)
    throw new DomainError('bad_request', 'Send the project name as "name" (or its id as "project").');
  if (!input.files)
    throw new DomainError(
      'bad_request',
      'files: list every file of the deployment, or send deploymentId to redeploy an earlier one.',
    );
  const inline = input.files.filter(isInline);
  const refs = input.files.filter((f): f is FileEntry => !isInline(f));
  // Inline files are checked as entries too, before anything is stored.
  const inlinePreview = inline.map((f) => {
    const data = Buffer.from(f.data, f.encoding === 'base64' ? 'base64' : 'utf8');
    return { file: f.file, sha: sha1(data), size: data.length, mode: f.mode };
  });
  validateFiles([...refs, ...inlinePreview]);
  const missing = await missingBlobs(
    db,
    refs.map((f) => f.sha),
  );
  if (missing.length) {
    throw new DomainError(
      'missing_files',
      `${missing.length} file(s) are not uploaded yet. Upload them with POST /v2/files, then send this request again.`,
      { missing },
    );
  }
  const stored = await storeInlineFiles(db, engine.store, inline);
  let files = [...refs, ...stored];
  if (isArchive(refs) && !inline.length) files = validateFiles(await expandArchive(db, engine.store, refs));

  const requested = { ...input.projectSettings };
  // A framework Nimbus does not know is left to detection instead of failing the deploy.
  if (!(FRAMEWORKS as readonly unknown[]).includes(requested.framework)) delete requested.framework;
  const projectSettings = cleanSettings(requested);
  const project = input.project
    ? await getProject(db, input.teamId, input.project)
    : await findOrCreateProject(db, input.teamId, input.name!);
  const deployment = await createDeployment(db, {
    project,
    creatorId: input.userId,
    target: input.target === 'production' ? 'production' : 'preview',
    files,
    meta: input.meta ?? {},
    projectSettings: Object.fromEntries(Object.entries(projectSettings).filter(([, v]) => v !== null)),
    source: input.source,
  });
  engine.events.emit('queued', deployment.id);
  return deployment;
}

async function redeploy(
  db: Db,
  engine: Engine,
  input: DeploymentRequest & { deploymentId: string },
): Promise<Deployment> {
  const source = await getDeploymentById(db, input.deploymentId);
  if (!source || source.teamId !== input.teamId) throw notFound(`The deployment "${input.deploymentId}"`);
  const project = await getProject(db, input.teamId, source.projectId);
  const files = (await listSourceFiles(db, source.id)).map((f) => ({
    file: f.path,
    sha: f.sha,
    size: f.size,
    mode: f.mode,
  }));
  // An explicit target wins (null means preview, as in Vercel's API); otherwise the source's target.
  const target = input.target === undefined ? source.target : input.target === 'production' ? 'production' : 'preview';
  const deployment = await createDeployment(db, {
    project,
    creatorId: input.userId,
    target,
    files,
    meta: input.meta ?? source.meta,
    source: input.source,
  });
  engine.events.emit('queued', deployment.id);
  return deployment;
}
