// Runtime events of deployments (`vercel logs`). Nimbus serves static files only, so there are no
// function logs yet: the query answers an empty page in the shape the CLI validates.
import { authorize, type ServiceContext } from './context';

export async function events(ctx: ServiceContext) {
  await authorize(ctx, 'deployment:read');
  return { events: [] as Record<string, unknown>[], pagination: { hasMore: false, nextCursor: null } };
}
