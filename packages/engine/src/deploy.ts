// Turning a POST /v13/deployments body, parsed by deploy-request.ts, into a queued deployment: check
// every path first, report the digests not uploaded yet (`missing_files`, the client uploads them and
// sends the body again),
// store inline files, expand the `--archive=tgz` form, find or create the project by name, and
// record the deployment, its files and its build job in one transaction. With `deploymentId` (and no
// files) it is Vercel's redeploy: the earlier deployment's source, built again with the project's
// current settings and env vars.
import {
  createDeployment,
  type Db,
  type Deployment,
  DomainError,
  findOrCreateProject,
  getDeploymentById,
  getProject,
  listSourceFiles,
  missingBlobs,
  notFound,
  validateFiles,
} from '@nimbus/db';
import type { DeploymentCreate } from './deploy-request';
import type { Engine } from './engine';
import { expandArchive, type InlineFile, isArchive, storeInlineFiles } from './store/ingest';
import { sha1 } from './store/local';

/** A request body as the API parsed it (deploy-request.ts), with who sends it for which team. */
export type DeploymentRequest = DeploymentCreate & { teamId: string; userId: string; source?: string };

type RequestFile = NonNullable<DeploymentCreate['files']>[number];
const isInline = (f: RequestFile): f is Extract<RequestFile, InlineFile> => 'data' in f;

export async function submitDeployment(db: Db, engine: Engine, input: DeploymentRequest): Promise<Deployment> {
  if (input.deploymentId && !input.files) return redeploy(db, engine, { ...input, deploymentId: input.deploymentId });
  const all = input.files ?? [];
  const inline = all.filter(isInline);
  const refs = all.filter((f): f is Exclude<RequestFile, InlineFile> => !isInline(f));
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

  const project = input.project
    ? await getProject(db, input.teamId, input.project)
    : await findOrCreateProject(db, input.teamId, input.name ?? '');
  // Only the settings this request sets; the build takes the rest from the project.
  const projectSettings = Object.fromEntries(Object.entries(input.projectSettings ?? {}).filter(([, v]) => v != null));
  const deployment = await createDeployment(db, {
    project,
    creatorId: input.userId,
    target: input.target ?? 'preview',
    files,
    meta: input.meta ?? {},
    projectSettings,
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
  const target = input.target === undefined ? source.target : (input.target ?? 'preview');
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
