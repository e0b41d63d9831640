// Request and response schemas of sales leads (contact and demo forms).
import { z } from '@hono/zod-openapi';
import { COMPANY_SIZES, LEAD_KINDS } from '@nimbus/core';
import { AttributionSchema, timestampQuery } from './common';

export const LeadCreate = z
  .object({
    kind: z.enum(LEAD_KINDS).default('sales').describe('`sales` from /contact, `demo` from /contact/sales/demo.'),
    name: z.string().trim().min(1, 'Tell us your name.').max(200).describe('Full name of the person writing.'),
    email: z.string().trim().email('Enter a work e-mail address such as ada@example.com.').max(320),
    company: z.string().trim().min(1, 'Tell us your company name.').max(200),
    companySize: z
      .enum(COMPANY_SIZES, { message: `Choose a company size: ${COMPANY_SIZES.join(', ')}.` })
      .describe('Number of employees.'),
    message: z
      .string()
      .max(5000, 'Keep the message under 5,000 characters.')
      .default('')
      .describe('What the visitor wants to talk about.'),
    sourcePath: z.string().max(500).regex(/^\//).optional().describe('The site path the form was sent from.'),
    attribution: AttributionSchema.nullish().describe('The campaign the visitor arrived from.'),
  })
  .openapi('LeadCreate');

export const LeadSchema = z
  .object({
    id: z.string(),
    kind: z.enum(LEAD_KINDS),
    name: z.string(),
    email: z.string(),
    company: z.string(),
    companySize: z.enum(COMPANY_SIZES),
    aboveSizeThreshold: z.boolean().describe('Every company of this size is above the market-fit threshold (499).'),
    message: z.string(),
    sourcePath: z.string().nullable(),
    attribution: AttributionSchema.nullable(),
    createdAt: z.number().describe('Milliseconds since the epoch.'),
  })
  .openapi('Lead');

export const LeadListQuery = z.object({
  kind: z.enum(LEAD_KINDS).optional().describe('Only leads of this kind.'),
  limit: z.coerce.number().int().min(1).max(500).default(100).describe('At most this many leads (1 to 500).'),
  until: timestampQuery()
    .optional()
    .describe('Only leads created before this time (ms); use `pagination.next` to page.'),
});
