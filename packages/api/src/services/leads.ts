// Sales leads: the public contact and demo forms write them (through the API or the site's server
// action), Nimbus staff list them. Writing takes the API options: no one is logged in.
import type { z } from '@hono/zod-openapi';
import { isAboveSizeThreshold } from '@nimbus/core';
import * as db from '@nimbus/db';
import { LeadCreate, type LeadListQuery } from '../schemas/leads';
import { page } from '../serialize';
import { requireStaff } from './admin';
import type { ServiceContext } from './context';
import type { ApiOptions } from './options';

const LEADS_PER_EMAIL_PER_HOUR = 5;

const leadJson = (lead: db.Lead) => ({
  ...lead,
  aboveSizeThreshold: isAboveSizeThreshold(lead.companySize),
  createdAt: lead.createdAt.getTime(),
});

/** Checks a submitted form as the API checks a body: the first problem, as "field: message". */
export function parseLead(input: unknown): z.infer<typeof LeadCreate> {
  const parsed = LeadCreate.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new db.DomainError('bad_request', `${issue?.path.join('.')}: ${issue?.message ?? 'Invalid form.'}`);
}

export async function submit(options: ApiOptions, input: z.infer<typeof LeadCreate>) {
  const key = `lead:${input.email.toLowerCase()}`;
  if (!(await db.hitRateLimit(options.db, key, LEADS_PER_EMAIL_PER_HOUR, 60 * 60_000))) {
    throw new db.DomainError(
      'rate_limited',
      'We already have several messages from this address. We will reply soon; no need to send another.',
    );
  }
  const lead = await db.createLead(options.db, input);
  return { lead: { id: lead.id, createdAt: lead.createdAt.getTime() } };
}

/** Newest first; `pagination.next` pages back in time. */
export async function list(ctx: ServiceContext, query: z.infer<typeof LeadListQuery>) {
  await requireStaff(ctx, 'list leads');
  const leads = (await db.listLeads(ctx.db, query)).map(leadJson);
  const next = leads.length === query.limit ? leads.at(-1)!.createdAt : null;
  return { leads, pagination: page(leads, next) };
}
