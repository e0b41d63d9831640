// File uploads (POST /v2/files): one blob named by its SHA-1 and size, verified before it is kept
// and recorded for the team in scope: only that team's deployment requests may then reference it.
// The route caps the body at NIMBUS_MAX_FILE_SIZE before it reaches here.
import { DomainError } from '@nimbus/db';
import { uploadBlob } from '@nimbus/engine';
import { authorize } from './access';
import { engineOf, type ServiceContext } from './context';

export interface Upload {
  /** x-now-digest (or x-vercel-digest): SHA-1 hex of the body. */
  sha: string | undefined;
  /** x-now-size (or x-vercel-size): the body's size in bytes, as sent. */
  size: string | undefined;
  data: Buffer;
}

export async function upload(ctx: ServiceContext, input: Upload): Promise<Record<string, never>> {
  const scope = await authorize(ctx, 'deployment:create');
  if (!input.sha) throw new DomainError('bad_request', 'Send the SHA-1 of the body in the x-now-digest header.');
  const size = input.size === undefined ? undefined : Number(input.size);
  if (size !== undefined && !Number.isSafeInteger(size))
    throw new DomainError('bad_request', 'x-now-size must be the body size in bytes.');
  const engine = engineOf(ctx);
  await uploadBlob(ctx.db, engine.store, scope.teamId, { sha: input.sha, size, data: input.data });
  return {};
}

/** The largest body POST /v2/files accepts. */
export function maxFileSize(ctx: ServiceContext): number {
  return engineOf(ctx).maxFileSize;
}
