// Spend management of the team in scope (`/v1/budgets`): a monthly amount, alerts at 50, 75 and 100%
// of it by e-mail to the owners and billing members (the outbox, SMTP when set) and by a signed
// webhook, and an optional pause of every production deployment at 100% until an owner resumes it.
// The month's spend is the metered usage past the plan's included amounts (packages/core/src/usage.ts
// `usageCost`), the figure the overage invoice bills. `checkTeams` runs after each meter write and
// also sets `limited_by` of Hobby teams past their included usage.
import { createHmac } from 'node:crypto';
import { exceededMetrics, usageCost } from '@nimbus/core';
import * as db from '@nimbus/db';
import { checkDestination, refusedDestination } from '@nimbus/engine';
import { authorize } from './access';
import { audit } from './audit';
import type { ServiceContext } from './context';
import { deliver } from './mail';
import type { ApiOptions } from './options';
import { monthOf } from './usage';

export const BUDGET_THRESHOLDS = [50, 75, 100] as const;
/** The header holding `sha256=<hex>`, the HMAC-SHA256 of the raw body under the budget's webhook secret. */
export const BUDGET_SIGNATURE_HEADER = 'x-nimbus-signature';
const WEBHOOK_TIMEOUT_MS = 10_000;

export interface BudgetInput {
  amountCents: number;
  pauseProduction?: boolean;
  webhookUrl?: string | null;
}

function cipherOf(options: ApiOptions): db.Cipher {
  const cipher = options.engine?.cipher;
  if (!cipher) throw new Error('Budgets need the engine (its cipher seals webhook secrets).');
  return cipher;
}

/** The month's spend of a team in cents, and its usage totals. */
async function spendOf(database: db.Db, team: db.Team, at = new Date()) {
  const month = monthOf(at);
  const totals = await db.usageTotals(database, team.id, month.from, month.to);
  return { month: month.month, totals, spentCents: usageCost(team.plan, totals).totalCents };
}

function budgetJson(budget: db.Budget | null) {
  return budget
    ? {
        amountCents: budget.amountCents,
        pauseProduction: budget.pauseProduction,
        webhookUrl: budget.webhookUrl,
        createdAt: budget.createdAt.getTime(),
        updatedAt: budget.updatedAt.getTime(),
      }
    : null;
}

async function reply(ctx: ServiceContext, teamId: string, extra: { webhookSecret?: string } = {}) {
  const [team] = await db.teamsByIds(ctx.db, [teamId]);
  if (!team) throw db.notFound('The team');
  const budget = await db.getBudget(ctx.db, teamId);
  const spend = await spendOf(ctx.db, team);
  const alerts = await db.budgetAlertsOf(ctx.db, teamId, spend.month);
  return {
    budget: budgetJson(budget),
    spend: {
      month: spend.month,
      spentCents: spend.spentCents,
      percent: budget ? Math.floor((spend.spentCents / budget.amountCents) * 100) : null,
    },
    alerts: alerts.map((alert) => ({
      threshold: alert.threshold,
      spentCents: alert.spentCents,
      sentAt: alert.sentAt.getTime(),
    })),
    productionPaused: team.productionPausedAt !== null,
    pausedAt: team.productionPausedAt?.getTime() ?? null,
    ...extra,
  };
}

export async function get(ctx: ServiceContext) {
  const scope = await authorize(ctx, 'billing:read');
  return reply(ctx, scope.teamId);
}

/** Sets the budget. A first webhook URL gets a signing secret, shown once in this reply (`webhookSecret`). */
export async function set(ctx: ServiceContext, input: BudgetInput) {
  const scope = await authorize(ctx, 'billing:update');
  if (!Number.isInteger(input.amountCents) || input.amountCents < 100 || input.amountCents > 100_000_000)
    throw new db.DomainError('bad_request', 'amountCents must be a whole number of cents from 100 ($1) to 100000000.');
  const before = await db.getBudget(ctx.db, scope.teamId);
  const webhookUrl = input.webhookUrl
    ? await checkDestination(input.webhookUrl, {
        allowPrivate: ctx.options.allowPrivateHookAddresses ?? false,
        field: 'webhookUrl',
      })
    : null;
  let secret: string | undefined;
  let sealed: string | null | undefined;
  if (webhookUrl && !before?.webhookSecret) {
    secret = `whsec_${db.randomString(40)}`;
    sealed = cipherOf(ctx.options).encrypt(secret);
  } else if (!webhookUrl) sealed = null;
  await db.setBudget(ctx.db, scope.teamId, {
    amountCents: input.amountCents,
    pauseProduction: input.pauseProduction ?? false,
    webhookUrl,
    webhookSecret: sealed,
  });
  await audit(
    ctx,
    'team.updated',
    { type: 'team', id: scope.teamId, name: scope.slug },
    {
      budget: {
        amountCents: input.amountCents,
        pauseProduction: input.pauseProduction ?? false,
        webhook: !!webhookUrl,
      },
    },
  );
  // A budget set below this month's spend alerts at once.
  await checkTeams(ctx.options, [scope.teamId]);
  return reply(ctx, scope.teamId, secret ? { webhookSecret: secret } : {});
}

export async function remove(ctx: ServiceContext) {
  const scope = await authorize(ctx, 'billing:update');
  if (!(await db.deleteBudget(ctx.db, scope.teamId))) throw db.notFound('The budget');
  await audit(ctx, 'team.updated', { type: 'team', id: scope.teamId, name: scope.slug }, { budget: null });
  return reply(ctx, scope.teamId);
}

/** Resumes production deployments paused by the budget; they stay resumed for the rest of the month. */
export async function resume(ctx: ServiceContext) {
  const scope = await authorize(ctx, 'billing:update');
  if (!(await db.setProductionPaused(ctx.db, scope.teamId, null)))
    throw new db.DomainError('conflict', 'Production deployments of this team are not paused.');
  ctx.options.engine?.events.emit('alias', scope.teamId);
  await audit(ctx, 'team.updated', { type: 'team', id: scope.teamId, name: scope.slug }, { productionPaused: false });
  return reply(ctx, scope.teamId);
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** Signs a webhook body: `sha256=` and the HMAC-SHA256 of the raw body under the secret, hex. */
export function signBudgetWebhook(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * After usage was written: sets `limited_by` of each Hobby team to the metrics past its plan, and
 * sends each budget alert the month's spend has reached (once per team, month and threshold, claimed
 * in the database so concurrent processes send it once), pausing production at 100% when asked.
 */
export async function checkTeams(options: ApiOptions, teamIds: readonly string[], at = new Date()): Promise<void> {
  const teams = await db.teamsByIds(options.db, [...teamIds]);
  for (const team of teams) {
    const spend = await spendOf(options.db, team, at);
    const limitedBy = team.plan === 'hobby' ? exceededMetrics(team.plan, spend.totals) : [];
    await db.setLimitedBy(options.db, team.id, limitedBy);
    const budget = await db.getBudget(options.db, team.id);
    if (!budget) continue;
    for (const threshold of BUDGET_THRESHOLDS) {
      if (spend.spentCents * 100 < budget.amountCents * threshold) break;
      const claimed = await db.claimBudgetAlert(options.db, {
        teamId: team.id,
        month: spend.month,
        threshold,
        spentCents: spend.spentCents,
      });
      if (!claimed) continue;
      const paused =
        threshold === 100 && budget.pauseProduction && (await db.setProductionPaused(options.db, team.id, at));
      if (paused) options.engine?.events.emit('alias', team.id);
      await sendAlert(options, team, budget, { threshold, spentCents: spend.spentCents, month: spend.month, paused });
    }
  }
}

async function sendAlert(
  options: ApiOptions,
  team: db.Team,
  budget: db.Budget,
  alert: { threshold: number; spentCents: number; month: string; paused: boolean },
): Promise<void> {
  const name = team.name ?? team.slug;
  const link = `${options.publicUrl}/${team.slug}/~/usage`;
  const subject = `${name} reached ${alert.threshold}% of its ${dollars(budget.amountCents)} monthly budget`;
  const text =
    `${name} has spent ${dollars(alert.spentCents)} of its ${dollars(budget.amountCents)} budget for ${alert.month}.\n\n` +
    (alert.paused
      ? 'Its production deployments are now paused and show a notice to visitors. Resume them on the Usage page.\n\n'
      : '') +
    `See the usage: ${link}`;
  const readers = (await db.listMembers(options.db, team.id)).filter((m) => m.role === 'OWNER' || m.role === 'BILLING');
  for (const member of readers) {
    const id = await db.queueTeamMail(options.db, team.id, { to: member.email, subject, text, link });
    await deliver(options.db, options, id);
  }
  if (budget.webhookUrl && budget.webhookSecret) {
    const body = JSON.stringify({
      type: 'budget.threshold_reached',
      createdAt: Date.now(),
      payload: {
        team: { id: team.id, slug: team.slug },
        month: alert.month,
        threshold: alert.threshold,
        amountCents: budget.amountCents,
        spentCents: alert.spentCents,
        productionPaused: alert.paused,
      },
    });
    const secret = cipherOf(options).decrypt(budget.webhookSecret);
    try {
      const refused = await refusedDestination(budget.webhookUrl, options.allowPrivateHookAddresses ?? false);
      if (refused) {
        console.error(`[budgets] the alert webhook of ${team.id} was not sent: it points at a private address`);
        return;
      }
      const response = await fetch(budget.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [BUDGET_SIGNATURE_HEADER]: signBudgetWebhook(secret, body) },
        body,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        redirect: 'manual',
      });
      await response.body?.cancel();
    } catch (error) {
      // The alert is recorded and mailed; only the webhook failed. The URL may hold a token: log the team only.
      console.error(`[budgets] the alert webhook of ${team.id} failed: ${(error as Error).name}`);
    }
  }
}
