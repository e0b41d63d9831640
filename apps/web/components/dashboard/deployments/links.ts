// Deployment URLs come from the API as hosts without a scheme (`site-k3j2h1.localhost:3000`); they
// are linked with the protocol the dashboard itself was reached by, so http stays http locally.
export function hostHref(host: string, protocol: string): string {
  return `${protocol.replace(/:?$/, ':')}//${host}`;
}

export function projectPath(team: string, project: string): string {
  return `/${team}/${encodeURIComponent(project)}`;
}

export function deploymentPath(team: string, project: string, id: string): string {
  return `${projectPath(team, project)}/${id}`;
}
