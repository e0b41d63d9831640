// JSON shape of a project as Vercel's clients expect it (COMPAT.md; @vercel/sdk validates
// accountId, alias, resourceConfig, defaultResourceConfig, deploymentExpiration, nodeVersion ...).
import type { EnvVar, Project } from '@nimbus/db';

export function projectJson(project: Project) {
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
    nodeVersion: project.nodeVersion,
    directoryListing: false,
    alias: [],
    latestDeployments: [],
    resourceConfig: { functionDefaultRegions: [] as string[] },
    defaultResourceConfig: { functionDefaultRegions: [] as string[] },
    deploymentExpiration: {},
    ...(project.speedInsights ? { speedInsights: { id: project.id, hasData: false } } : {}),
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
    ...(value !== undefined && v.type !== 'sensitive' ? { value, decrypted: true } : { value: v.type === 'sensitive' ? '' : v.valueEncrypted, decrypted: false }),
    comment: v.comment,
    configurationId: null,
    securityIssues: [] as string[],
    createdBy: v.createdBy,
    createdAt: v.createdAt.getTime(),
    updatedAt: v.updatedAt.getTime(),
  };
}
