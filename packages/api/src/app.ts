// The REST API: one Hono app. Public routes first, then authentication, then everything else:
// the order below is the security model. Served at `/api/*` and at the origin root (docs/vercel-compatibility.md).
import { OpenAPIHono } from '@hono/zod-openapi';
import { authenticate } from './auth';
import { limitBodies } from './body-limits';
import type { ApiOptions, AppEnv } from './context';
import { errorBody, handleError, notFoundHandler } from './errors';
import { rejectBadInput } from './input';
import { accountRoutes, passwordResetRoutes } from './routes/account';
import { adminRoutes } from './routes/admin';
import { aliasRoutes } from './routes/aliases';
import { auditRoutes } from './routes/audit';
import { avatarRoutes } from './routes/avatar';
import { billingRoutes } from './routes/billing';
import { consentRoutes } from './routes/consent';
import { customEnvironmentRoutes } from './routes/custom-environments';
import { deploymentAuthRoutes } from './routes/deployment-auth';
import { deploymentEventRoutes } from './routes/deployment-events';
import { deploymentRoutes } from './routes/deployments';
import { deviceApprovalRoutes, deviceAuthorizationRoutes } from './routes/device';
import { domainRoutes, projectDomainRoutes, teamAliasRoutes } from './routes/domains';
import { edgeCacheRoutes } from './routes/edge-cache';
import { envRoutes } from './routes/env';
import { fileRoutes } from './routes/files';
import { flagRoutes, flagStreamRoutes } from './routes/flags';
import { deployHookTriggerRoutes, gitRemoteRoutes, gitRoutes } from './routes/git';
import { gitProviderRoutes, gitWebhookRoutes } from './routes/git-providers';
import { healthRoutes } from './routes/health';
import { insightsEventRoutes, insightsReportRoutes } from './routes/insights';
import { integrationRoutes } from './routes/integrations';
import { leadFormRoutes, leadRoutes } from './routes/leads';
import { marketFitRoutes } from './routes/marketfit';
import { invitationPreviewRoutes, memberRoutes } from './routes/members';
import { projectRoutes } from './routes/projects';
import { runtimeLogRoutes } from './routes/runtime-logs';
import { sessionRoutes } from './routes/session';
import { ssoRoutes, ssoSettingsRoutes } from './routes/sso';
import { staffRoutes } from './routes/staff';
import { streamReportRoutes, streamRoutes } from './routes/stream';
import { stripeWebhookRoutes } from './routes/stripe-webhook';
import { teamRoutes } from './routes/teams';
import { tokenRoutes } from './routes/tokens';
import { riskRoutes, traceRoutes } from './routes/traces';
import { trackingRoutes } from './routes/tracking';
import { transferRoutes } from './routes/transfer';
import { twoFactorRoutes } from './routes/two-factor';
import { usageRoutes } from './routes/usage';
import { userRoutes } from './routes/user';
import { webAnalyticsRoutes } from './routes/web-analytics';
import { traceApi } from './tracing';

export type Api = OpenAPIHono<AppEnv>;

export function createApi(options: ApiOptions): Api {
  const app: Api = new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const issue = result.error.issues[0];
        const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
        return c.json(errorBody('bad_request', `${where}${issue?.message ?? 'Invalid request.'}`), 400);
      }
    },
  });
  app.onError(handleError);
  app.notFound(notFoundHandler);
  app.use('*', async (c, next) => {
    c.set('options', options);
    await next();
  });
  app.use('*', traceApi);
  // Before anything reads a body, public routes included.
  app.use('*', limitBodies);
  app.use('*', rejectBadInput);

  // Public
  // `sandbox` says whether builds run isolated (services/health.ts).
  app.route('/', healthRoutes());
  app.route('/', consentRoutes());
  app.route('/', sessionRoutes());
  // SAML sign-in: the browser arrives logged out; the IdP posts the ACS (services/sso.ts).
  app.route('/', ssoRoutes());
  app.route('/', passwordResetRoutes());
  app.route('/', avatarRoutes());
  app.route('/', deviceAuthorizationRoutes());
  app.route('/', leadFormRoutes());
  app.route('/', insightsEventRoutes());
  app.route('/', marketFitRoutes());
  app.route('/', streamRoutes());
  app.route('/', flagStreamRoutes());
  app.route('/', invitationPreviewRoutes());
  app.route('/', deploymentAuthRoutes());
  // The fraud-detection script and its signals (services/risk.ts).
  app.route('/', riskRoutes());
  // Stripe's events: the signature over the raw body is the proof (services/stripe-webhook.ts).
  app.route('/', stripeWebhookRoutes());
  // Git remotes check their own HTTP Basic token; a deploy hook's secret is its credential (services/git.ts).
  app.route('/', gitRemoteRoutes());
  app.route('/', deployHookTriggerRoutes());
  // A connected repository's webhooks: the signature over the raw body is the credential (services/git-providers.ts).
  app.route('/', gitWebhookRoutes());
  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Nimbus REST API', version: '1.0.0', description: 'Vercel-compatible deployment API of Nimbus.' },
    servers: [{ url: options.publicUrl }],
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer' });

  // Everything below needs a bearer token or the session cookie.
  app.use('*', authenticate);
  app.route('/', userRoutes());
  app.route('/', accountRoutes());
  app.route('/', twoFactorRoutes());
  app.route('/', teamRoutes());
  app.route('/', ssoSettingsRoutes());
  app.route('/', memberRoutes());
  app.route('/', tokenRoutes());
  app.route('/', projectRoutes());
  app.route('/', gitRoutes());
  app.route('/', gitProviderRoutes());
  app.route('/', envRoutes());
  app.route('/', customEnvironmentRoutes());
  app.route('/', fileRoutes());
  app.route('/', deploymentRoutes());
  app.route('/', deploymentEventRoutes());
  app.route('/', aliasRoutes());
  app.route('/', teamAliasRoutes());
  app.route('/', domainRoutes());
  app.route('/', projectDomainRoutes());
  app.route('/', runtimeLogRoutes());
  app.route('/', webAnalyticsRoutes());
  app.route('/', deviceApprovalRoutes());
  app.route('/', leadRoutes());
  app.route('/', insightsReportRoutes());
  app.route('/', billingRoutes());
  app.route('/', usageRoutes());
  app.route('/', transferRoutes());
  app.route('/', auditRoutes());
  app.route('/', streamReportRoutes());
  app.route('/', trackingRoutes());
  app.route('/', adminRoutes());
  app.route('/', flagRoutes());
  app.route('/', staffRoutes());
  app.route('/', traceRoutes());
  app.route('/', integrationRoutes());
  app.route('/', edgeCacheRoutes());
  return app;
}
