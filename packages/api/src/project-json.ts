// JSON shape of a project as Vercel's clients expect it (docs/vercel-compatibility.md; @vercel/sdk validates
// accountId, alias, resourceConfig, defaultResourceConfig, deploymentExpiration, nodeVersion ...).
import type { EnvVar, Project } from '@nimbus/db';
import type { projectDeploymentJson } from './deployment-json';

type ProjectDeployment = ReturnType<typeof projectDeploymentJson>;

/** The newest deployment and the one serving production, when the caller looked them up. */
export interface ProjectDeployments {
  latest?: ProjectDeployment;
  production?: ProjectDeployment;
}

/**
 * `reveal` opens sealed bypass secrets; without it the reply leaves `protectionBypass` out (replies
 * made where no cipher is at hand: admin, transfer).
 */
/** Whether Web Analytics and Speed Insights have figures for the project (`hasData`). */
export interface ProjectInsightsData {
  events: boolean;
  vitals: boolean;
}

export function projectJson(
  project: Project,
  deployments: ProjectDeployments = {},
  reveal?: (sealed: string) => string,
  data: ProjectInsightsData = { events: false, vitals: false },
) {
  return {
    id: project.id,
    name: project.name,
    accountId: project.teamId,
    framework: project.framework,
    installCommand: project.installCommand,
    buildCommand: project.buildCommand,
    outputDirectory: project.outputDirectory,
    rootDirectory: project.rootDirectory,
    devCommand: project.devCommand,
    commandForIgnoringBuildStep: project.commandForIgnoringBuildStep,
    nodeVersion: project.nodeVersion,
    directoryListing: false,
    alias: [] as string[],
    latestDeployments: deployments.latest ? [deployments.latest] : [],
    targets: { ...(deployments.production ? { production: deployments.production } : {}) } as {
      production?: ProjectDeployment;
    },
    resourceConfig: { functionDefaultRegions: [] as string[] },
    defaultResourceConfig: { functionDefaultRegions: [] as string[] },
    deploymentExpiration: {},
    speedInsights: { id: project.id, enabled: project.speedInsights, hasData: data.vitals },
    // Vercel's shape: `hasData` is present (true) only when there are figures.
    webAnalytics: {
      id: project.id,
      enabled: project.webAnalytics,
      respectDnt: project.webAnalyticsRespectDnt,
      ...(data.events ? { hasData: true as const } : {}),
    },
    ssoProtection: project.ssoProtection,
    passwordProtection: project.passwordProtection,
    ...(reveal ? { protectionBypass: bypassJson(project, reveal) } : {}),
    createdAt: project.createdAt.getTime(),
    updatedAt: project.updatedAt.getTime(),
  };
}

/** An env var; the value only when decrypted on request and the variable is not "sensitive". */
export function envJson(v: EnvVar, value?: string) {
  return {
    id: v.id,
    key: v.key,
    type: v.type,
    target: v.targets,
    customEnvironmentIds: v.customEnvironmentIds,
    ...(value !== undefined && v.type !== 'sensitive'
      ? { value, decrypted: true }
      : { value: v.type === 'sensitive' ? '' : v.valueEncrypted, decrypted: false }),
    comment: v.comment,
    configurationId: null,
    securityIssues: [] as string[],
    createdBy: v.createdBy,
    createdAt: v.createdAt.getTime(),
    updatedAt: v.updatedAt.getTime(),
  };
}

export type ProjectJson = ReturnType<typeof projectJson>;
export type EnvJson = ReturnType<typeof envJson>;

/** Vercel's `protectionBypass`: each secret with who made it and when. */
export function bypassJson(project: Project, reveal: (sealed: string) => string) {
  return Object.fromEntries(
    project.protectionBypass.map((b) => [
      reveal(b.sealed),
      {
        createdAt: b.createdAt,
        createdBy: b.createdBy,
        scope: 'automation-bypass' as const,
        ...(b.note ? { note: b.note } : {}),
      },
    ]),
  );
}
