// The deployment vocabulary every part of Nimbus speaks: deployment states and targets, the
// frameworks a build knows, and the project-name rule with the one way to derive a name from a
// folder. The API validates with it, the db stores it, the engine builds with it, the dashboard and
// the CLI show and derive with it (docs/spec.md, docs/vercel-compatibility.md).

export const DEPLOYMENT_STATES = ['QUEUED', 'BUILDING', 'READY', 'ERROR', 'CANCELED'] as const;
export type DeploymentState = (typeof DEPLOYMENT_STATES)[number];

export function isDeploymentState(state: string): state is DeploymentState {
  return (DEPLOYMENT_STATES as readonly string[]).includes(state);
}

/** States a deployment never leaves: log streams and the CLI stop waiting here. */
export const TERMINAL_STATES: readonly DeploymentState[] = ['READY', 'ERROR', 'CANCELED'];

export function isTerminalState(state: string): boolean {
  return (TERMINAL_STATES as readonly string[]).includes(state);
}

/** Where a deployment goes; the API also takes `null` (or nothing) for a preview, as Vercel's clients send. */
export const DEPLOYMENT_TARGETS = ['production', 'preview'] as const;
export type DeploymentTarget = (typeof DEPLOYMENT_TARGETS)[number];

/** Targets an environment variable applies to: the deployment targets plus local development. */
export const ENV_TARGETS = ['production', 'preview', 'development'] as const;
export type EnvTarget = (typeof ENV_TARGETS)[number];
export const isEnvTarget = (t: string): t is EnvTarget => (ENV_TARGETS as readonly string[]).includes(t);

/**
 * Node.js majors a project may ask for: the ones the current `vercel` CLI's builders accept (it refuses
 * 20.x as discontinued), so `vercel pull` then `vercel build` work with the project's settings.
 */
export const NODE_VERSIONS = ['24.x', '22.x'] as const;
export type NodeVersion = (typeof NODE_VERSIONS)[number];
export const DEFAULT_NODE_VERSION: NodeVersion = '24.x';
export const isNodeVersion = (v: string): v is NodeVersion => (NODE_VERSIONS as readonly string[]).includes(v);

/**
 * Vercel's framework presets (`@vercel/frameworks`) with their display names: every one is built by
 * Vercel's own builders, and detected from the project's files when the project names none.
 */
export const FRAMEWORK_NAMES = {
  container: 'Container',
  blitzjs: 'Blitz.js (Legacy)',
  nextjs: 'Next.js',
  gatsby: 'Gatsby.js',
  remix: 'Remix',
  'react-router': 'React Router',
  astro: 'Astro',
  hexo: 'Hexo',
  eleventy: 'Eleventy',
  'docusaurus-2': 'Docusaurus (v2+)',
  docusaurus: 'Docusaurus (v1)',
  preact: 'Preact',
  'solidstart-1': 'SolidStart (v1)',
  solidstart: 'SolidStart (v0)',
  dojo: 'Dojo',
  ember: 'Ember.js',
  vue: 'Vue.js',
  scully: 'Scully',
  'ionic-angular': 'Ionic Angular',
  angular: 'Angular',
  polymer: 'Polymer',
  svelte: 'Svelte',
  sveltekit: 'SvelteKit (v0)',
  'sveltekit-1': 'SvelteKit',
  'ionic-react': 'Ionic React',
  'create-react-app': 'Create React App',
  gridsome: 'Gridsome',
  umijs: 'UmiJS',
  sapper: 'Sapper',
  saber: 'Saber',
  stencil: 'Stencil',
  nuxtjs: 'Nuxt',
  redwoodjs: 'RedwoodJS',
  hugo: 'Hugo',
  jekyll: 'Jekyll',
  brunch: 'Brunch',
  middleman: 'Middleman',
  zola: 'Zola',
  hydrogen: 'Hydrogen (v1)',
  vite: 'Vite',
  'tanstack-start': 'TanStack Start',
  'tanstack-start-lovable': 'TanStack Start',
  vitepress: 'VitePress',
  vuepress: 'VuePress',
  parcel: 'Parcel',
  fastapi: 'FastAPI',
  flask: 'Flask',
  fasthtml: 'FastHTML',
  django: 'Django',
  ash: 'Ash',
  'factory-eve': 'Factory (Eve)',
  eve: 'eve',
  sanity: 'Sanity',
  'sanity-v2': 'Sanity (v2 - legacy)',
  storybook: 'Storybook',
  nitro: 'Nitro',
  hono: 'Hono',
  express: 'Express',
  h3: 'H3',
  koa: 'Koa',
  nestjs: 'NestJS',
  elysia: 'Elysia',
  fastify: 'Fastify',
  xmcp: 'xmcp',
  python: 'Python',
  ruby: 'Ruby',
  rust: 'Rust',
  axum: 'Axum',
  'actix-web': 'Actix Web',
  bun: 'Bun',
  node: 'Node',
  go: 'Go',
  services: 'Services',
  mastra: 'Mastra',
} as const;
export type Framework = keyof typeof FRAMEWORK_NAMES;
export const FRAMEWORKS = Object.keys(FRAMEWORK_NAMES) as Framework[];

/**
 * Every other slug of Vercel's framework list (the `vercel` CLI's builders, v64), which the CLI sends in
 * `projectSettings.framework` after detecting them. Every framework is built by Vercel's own builders
 * (`vercel build`) with that preset, into a Build Output tree.
 */
// biome-ignore format: one list of short words
export const VERCEL_FRAMEWORKS: readonly string[] = [
  'actix-web', 'angular', 'ash', 'axum', 'blitzjs', 'brunch', 'bun', 'container', 'django', 'docusaurus',
  'docusaurus-2', 'dojo', 'eleventy', 'elysia', 'ember', 'eve', 'express', 'factory-eve', 'fastapi', 'fasthtml',
  'fastify', 'flask', 'gatsby', 'go', 'gridsome', 'h3', 'hexo', 'hono', 'hugo', 'hydrogen', 'ionic-angular',
  'ionic-react', 'jekyll', 'koa', 'mastra', 'middleman', 'nestjs', 'nitro', 'node', 'nuxtjs', 'parcel', 'polymer',
  'preact', 'python', 'react-router', 'redwoodjs', 'remix', 'ruby', 'rust', 'saber', 'sanity', 'sanity-v2', 'sapper',
  'scully', 'services', 'solidstart', 'solidstart-1', 'stencil', 'storybook', 'svelte', 'sveltekit', 'sveltekit-1',
  'tanstack-start', 'tanstack-start-lovable', 'umijs', 'vitepress', 'vue', 'vuepress', 'xmcp', 'zola',
];

export function isFramework(slug: string): boolean {
  return slug in FRAMEWORK_NAMES || VERCEL_FRAMEWORKS.includes(slug);
}

/** The message for a framework that is not a known slug. */
export function frameworkProblem(slug: string): string {
  return `"${slug}" is not a framework Nimbus knows: use a slug of Vercel's framework list (such as nextjs, vite, astro, sveltekit, nuxtjs, hono), or null to detect it from the project's files.`;
}

export const PROJECT_NAME_MAX = 100;
const PROJECT_NAME = /^[a-z0-9._-]{1,100}$/;
export const PROJECT_NAME_RULE = `up to ${PROJECT_NAME_MAX} lower-case letters, digits, ".", "_" or "-", without "---"`;

/** Why `name` is not a valid project name, or null when it is. */
export function projectNameProblem(name: string): string | null {
  if (PROJECT_NAME.test(name) && !name.includes('---')) return null;
  return `"${name}" is not a valid project name: use ${PROJECT_NAME_RULE}.`;
}

/** The name a folder without any usable character gets. */
export const FALLBACK_PROJECT_NAME = 'my-project';

/**
 * A valid project name from a folder or archive name: accents dropped (Café → cafe), lower case,
 * every run of other characters and of dashes one "-", no dot, dash or underscore at either end.
 */
export function projectNameFrom(folder: string): string {
  const trim = (s: string) => s.replace(/^[-._]+|[-._]+$/g, '');
  const name = folder
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-');
  return trim(trim(name).slice(0, PROJECT_NAME_MAX)) || FALLBACK_PROJECT_NAME;
}
