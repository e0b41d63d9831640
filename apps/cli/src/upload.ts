// Sends a deployment: the file list first; when the server reports missing digests, uploads only
// those (8 at a time, retrying server errors) with a progress bar, then sends the list again.
import { readFile } from 'node:fs/promises';
import { ApiError } from '@nimbus/client';
import type { LocalFile } from './files';
import { mapLimit } from './limit';
import { info } from './output';
import { formatBytes, progressBar } from './progress';
import type { Session } from './session';

const PARALLEL_UPLOADS = 8;
const ATTEMPTS = 3;

export interface DeploymentReply {
  id: string;
  url: string;
  name: string;
  readyState: string;
  inspectorUrl: string;
  target: string | null;
  alias?: string[];
  errorCode?: string;
  errorMessage?: string;
}

async function uploadOne(session: Session, teamId: string, file: LocalFile): Promise<void> {
  const data = await readFile(file.absolute);
  for (let attempt = 1; ; attempt++) {
    try {
      await session.fetch('/v2/files', {
        method: 'POST',
        query: { teamId },
        body: data,
        headers: {
          'content-type': 'application/octet-stream',
          'x-now-digest': file.sha,
          'x-now-size': String(data.length),
        },
      });
      return;
    } catch (error) {
      const retryable = error instanceof ApiError && (error.status >= 500 || error.code === 'network_error');
      if (!retryable || attempt >= ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

async function uploadMissing(session: Session, teamId: string, files: LocalFile[], missing: string[]): Promise<void> {
  const wanted = new Set(missing);
  // Two paths with the same content share one digest: upload it once.
  const unique = [...new Map(files.filter((f) => wanted.has(f.sha)).map((f) => [f.sha, f])).values()];
  const bytes = unique.reduce((sum, f) => sum + f.size, 0);
  info(`Uploading ${unique.length} of ${files.length} files (${formatBytes(bytes)})`);
  const bar = progressBar(bytes);
  try {
    await mapLimit(unique, PARALLEL_UPLOADS, async (file) => {
      await uploadOne(session, teamId, file);
      bar.tick(file.size);
    });
  } finally {
    bar.done();
  }
}

export async function createDeployment(
  session: Session,
  input: { teamId: string; projectId: string; name: string; production: boolean; files: LocalFile[] },
): Promise<DeploymentReply> {
  const body = {
    name: input.name,
    project: input.projectId,
    ...(input.production ? { target: 'production' } : {}),
    files: input.files.map(({ file, sha, size, mode }) => ({ file, sha, size, mode })),
  };
  const send = () =>
    session.fetch<DeploymentReply>('/v13/deployments', { method: 'POST', query: { teamId: input.teamId }, body });
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'missing_files' && Array.isArray(error.missing))) throw error;
    await uploadMissing(session, input.teamId, input.files, error.missing as string[]);
    return send();
  }
}
