// Every app of framework-boilerplates/ and python/ in vercel/examples, with what proves a deployment of it serves
// right: its home page and the words the app itself puts there, and for an app with server code, one
// server route and its answer. An app that cannot build or serve where the network reaches only the
// npm registry (as on Nimbus's CI machines) says why, naming the request that fails; `NIMBUS_APPS=<name>`
// still deploys it, to see whether it works elsewhere.

export interface Check {
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Default 200. */
  status?: number;
  /** Words the answer's body holds. */
  contains?: string;
  /** Part of the Location header of a redirect. */
  location?: string;
}

export interface App {
  /** Its folder in framework-boilerplates/, or `python/<folder>`. */
  name: string;
  checks: Check[];
  /** The project's Node.js setting, set through the API before the first deployment. */
  nodeVersion?: string;
  /**
   * Why the app cannot work here: a request or binary this machine's network does not reach, or its own
   * build failing the same way in `vercel build` run directly on the host (the prebuilt mode shows it).
   */
  blocked?: string;
  /** Why `vercel build` on this machine cannot build it, when only that way is blocked (Nimbus still builds its source). */
  prebuiltBlocked?: string;
}

export type Mode = 'source' | 'prebuilt';

const home = (contains: string): Check => ({ path: '/', contains });

/** Why Vercel's Ruby apps (Jekyll, Middleman) cannot build here. */
const RUBY =
  "Vercel's Ruby builders run Bundler (spawn bundle ENOENT): Ruby and its gems come from rubygems.org, not the npm registry";

/** Why Vercel's Python apps cannot be built by `vercel build` on this machine, which Nimbus's own builder can. */
const PYTHON_PREBUILT =
  "Vercel's Python builder, which `vercel build` runs on the developer's machine, installs uv and vercel-runtime from PyPI, which this machine does not reach";

/** Why a Python app cannot install here: a release its requirements pin that the machine's package index lacks. */
const notInIndex = (what: string) =>
  `its requirements name ${what}, which this machine's Python package index (pip config list) does not hold: PyPI itself is not reachable`;

/** Why an app on sharp 0.32 (Gatsby, Storybook) cannot install here. */
const SHARP_032 =
  "sharp 0.32's install script downloads libvips from github.com/lovell/sharp-libvips/releases (getaddrinfo ENOTFOUND github.com)";

export const APPS: App[] = [
  {
    name: 'angular',
    checks: [home('<title>Angular</title>')],
    blocked:
      "its own build fails the same way in `vercel build` on the host: it has no lockfile, and the newest @types/node needs a newer TypeScript than its ~4.8 (error TS2304: Cannot find name 'Disposable')",
  },
  { name: 'astro', checks: [home('Welcome to Astro.'), { path: '/ssr', contains: '<h1>' }] },
  {
    name: 'blitzjs',
    checks: [home('Congrats!')],
    blocked:
      'its pnpm-lock.yaml pins http@0.0.1-security, whose tarball the npm registry answers 404 (ERR_PNPM_FETCH_404 GET https://registry.npmjs.org/http/-/http-0.0.1-security.tgz)',
  },
  { name: 'brunch', checks: [home('<title>Brunch</title>')] },
  {
    name: 'bun',
    checks: [home('<title>Bun on Vercel</title>'), { path: '/api/hello', contains: 'Hello from a Bun route handler!' }],
  },
  { name: 'create-react-app', checks: [home('<title>React App</title>')] },
  {
    name: 'docusaurus',
    checks: [home('Test Site')],
    blocked:
      "gifsicle's install script downloads its binary from raw.githubusercontent.com (getaddrinfo ENOTFOUND), then fails to compile it (autoreconf: not found)",
  },
  {
    name: 'docusaurus-2',
    checks: [home('My Site')],
    blocked:
      "its own build fails the same way in `vercel build` on the host: it has no lockfile, and with today's releases of its dependencies `docusaurus build` cannot load webpack's plugins (Cannot find module 'webpack/lib/ContextReplacementPlugin')",
  },
  { name: 'eleventy', checks: [home('Your Blog Name')] },
  // Ember CLI 5.1's CSS minifier calls util.isRegExp, which Node.js 23 removed: its users pick 22.x in the settings.
  { name: 'ember', nodeVersion: '22.x', checks: [home('EmberQuickstart')] },
  {
    name: 'express-bun',
    checks: [home('Welcome to Express + Bun'), { path: '/api-data', contains: 'Here is some sample API data' }],
  },
  { name: 'fasthtml', checks: [home('FastHTML + Vercel')], blocked: notInIndex('python-fasthtml==0.4.4') },
  {
    name: 'gatsby',
    checks: [home('Congratulations')],
    blocked: SHARP_032,
  },
  { name: 'hexo', checks: [home('<title>Hexo</title>')] },
  { name: 'hono', checks: [home('Hello Hono!'), { path: '/no-such-route', status: 404 }] },
  { name: 'hono-bun', checks: [home('Hello Hono from Bun')] },
  {
    name: 'hugo',
    checks: [home('My New Hugo Site')],
    blocked:
      "Vercel's Hugo builder downloads the hugo binary from github.com/gohugoio/hugo/releases (getaddrinfo ENOTFOUND github.com); it is not in the npm registry",
  },
  {
    name: 'hydrogen',
    checks: [home('Hydrogen')],
    blocked: "@shopify/ngrok's postinstall downloads ngrok from bin.equinox.io (getaddrinfo ENOTFOUND bin.equinox.io)",
  },
  {
    name: 'hydrogen-2',
    checks: [home('Hydrogen')],
    blocked:
      "its pages fetch the products they show from Shopify's demo Storefront API (getaddrinfo EAI_AGAIN mock.shop); and its .vercelignore names dist/, so `vercel deploy --prebuilt` uploads no worker (as it would to Vercel)",
  },
  {
    name: 'ionic-angular',
    checks: [home('<title>Ionic App</title>')],
    blocked:
      'its own build fails the same way in `vercel build` on the host: it has no lockfile, and the newest @ionic packages use destructuring that esbuild cannot lower to its .browserslistrc targets (chrome79)',
  },
  {
    name: 'ionic-react',
    checks: [home('<title>Ionic App</title>')],
    blocked: "cypress's install script downloads its binary (getaddrinfo ENOTFOUND download.cypress.io)",
  },
  {
    name: 'jekyll',
    checks: [home('Your awesome title')],
    blocked: RUBY,
  },
  {
    name: 'middleman',
    checks: [home('Welcome to Middleman')],
    blocked: RUBY,
  },
  {
    name: 'nextjs',
    checks: [home('Save and see your changes instantly.')],
    blocked:
      'next/font/google fetches its fonts at build time (no connection to https://fonts.googleapis.com/css2?family=Geist:wght@100..900&display=swap)',
  },
  { name: 'nitro', checks: [home('Welcome to Nitro')] },
  { name: 'nitro-bun', checks: [home('Welcome to Nitro + Bun')] },
  { name: 'nitro-cached-handler', checks: [home('Response generated at')] },
  { name: 'nitro-plugins', checks: [home('<h1>Hello Nitro!</h1>')] },
  {
    name: 'nitro-route-rules',
    checks: [
      home('Start by editing'),
      { path: '/redirect', status: 307, location: '/target' },
      { path: '/target', contains: 'This route is targeted by the redirect' },
    ],
  },
  { name: 'nuxtjs', checks: [home('Welcome to Nuxt')] },
  // Built on Node.js 22 through the project's setting (the app names no engines.node).
  { name: 'parcel', nodeVersion: '22.x', checks: [home('My First Parcel App')] },
  { name: 'polymer', checks: [home('<title>My App</title>')] },
  {
    name: 'preact',
    checks: [home('Preact App')],
    blocked:
      "its own build fails the same way in `vercel build` on the host: it has no lockfile, and the newest webpack-manifest-plugin no longer fits preact-cli 3's webpack 4 (TypeError: Cannot read properties of undefined (reading 'tap'))",
  },
  {
    name: 'react-router',
    checks: [home('New React Router App')],
    blocked:
      'this machine\'s npm registry lists @react-router/node 7.18.5 to npm\'s installs but react-router and @react-router/dev only up to 7.18.4, so npm cannot meet the exact peer (ERESOLVE: peer react-router@"7.18.5" from @react-router/node@7.18.5)',
  },
  {
    name: 'redwoodjs',
    checks: [home('Welcome to RedwoodJS!')],
    blocked: "Prisma 2's install scripts download its query engines from binaries.prisma.sh, not the npm registry",
  },
  { name: 'remix', checks: [home('Welcome to Remix'), { path: '/edge', contains: 'Welcome to Remix@Edge' }] },
  {
    name: 'sanity',
    checks: [home('Sanity')],
    blocked:
      "its own build fails the same way in `vercel build` on the host: it has no lockfile, and the newest uuid uses `??`, which Sanity 2's webpack 4 cannot parse (Module parse failed: Unexpected token)",
  },
  {
    name: 'sapper',
    checks: [home('Great success!')],
    blocked:
      "it asks for polka@next, a dist-tag this machine's npm registry does not serve (npm error notarget No matching version found for polka@next)",
  },
  { name: 'solidstart-1', checks: [home('Hello world!'), { path: '/about', contains: 'About' }] },
  { name: 'stencil', checks: [home('Stencil Starter App')] },
  {
    name: 'storybook',
    checks: [home('Storybook')],
    blocked: SHARP_032,
  },
  { name: 'svelte', checks: [home('<title>Vite + Svelte + TS</title>')] },
  { name: 'sveltekit', checks: [home('to your new')] },
  { name: 'sveltekit-1', checks: [home('to your new'), { path: '/sverdle', contains: 'Sverdle' }] },
  {
    name: 'umijs',
    checks: [home('umi')],
    blocked:
      'its package-lock.json fetches packages from registry.npmjs.com, a host this machine does not reach (getaddrinfo ENOTFOUND registry.npmjs.com; only registry.npmjs.org is)',
  },
  { name: 'vite', checks: [home('<title>Vite + Vue</title>')] },
  { name: 'vite-react', checks: [home('<title>Vite + React + TS</title>')] },
  { name: 'vitepress', checks: [home('Hello VitePress')] },
  // Its page is filled in by the script; the HTML holds the mount point and the script tags.
  { name: 'vue', checks: [home('<div id="app"></div>')] },
  { name: 'vuepress', checks: [home('Quick Start')] },
  {
    name: 'xmcp',
    checks: [
      {
        path: '/mcp',
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
        contains: 'greet',
      },
    ],
  },
  {
    name: 'zola',
    checks: [home('MyBlog')],
    blocked:
      "the build runs `zola build` (sh: 1: zola: not found): Vercel's build image installs the zola binary its ZOLA_VERSION names, which is not in the npm registry",
  },
  {
    name: 'python/celery',
    checks: [home('Celery')],
    blocked: `${notInIndex('the vercel package')}; its worker is a Vercel Queues subscriber ([[tool.vercel.subscribers]]), a service Nimbus does not run`,
  },
  { name: 'python/django', checks: [home('Django')], blocked: notInIndex('django>=6.0 (the index has 5.2)') },
  { name: 'python/django-notes', checks: [home('Notes')], blocked: notInIndex('django>=6.0 (the index has 5.2)') },
  {
    name: 'python/django-rest-framework',
    checks: [home('Django')],
    blocked: notInIndex('django>=6.0 (the index has 5.2) and djangorestframework'),
  },
  {
    name: 'python/fastapi',
    checks: [
      home('Vercel + FastAPI'),
      { path: '/api/data', contains: 'Sample Item 1' },
      { path: '/api/items/7', contains: '"value":700' },
    ],
    prebuiltBlocked: PYTHON_PREBUILT,
  },
  {
    name: 'python/flask',
    checks: [home('Vercel + Flask')],
    blocked: notInIndex('gunicorn~=23.0.0 (the index has 26.2)'),
  },
  { name: 'python/flask2', checks: [home('Hello')], blocked: notInIndex('Flask==2.2.5 and werkzeug==2.3.8') },
  { name: 'python/flask3', checks: [home('Hello, World!')], blocked: notInIndex('Flask==3.0.3 (the index has 3.1.3)') },
  {
    name: 'python/hello-world',
    checks: [
      { path: '/api', contains: 'Hello, world!' },
      { path: '/', status: 308, location: '/api' },
    ],
    prebuiltBlocked: PYTHON_PREBUILT,
  },
  {
    name: 'python/litellm-gateway',
    checks: [home('LiteLLM')],
    blocked: `${notInIndex('litellm')}; it is two services in one project (vercel.json experimentalServices)`,
  },
  {
    name: 'python/queue-subscribers',
    checks: [home('Queue')],
    blocked: `${notInIndex('vercel-queue and vercel-cache')}; its subscribers are Vercel Queues consumers`,
  },
  {
    name: 'python/starlette',
    checks: [home('Vercel + Starlette'), { path: '/api/data', contains: 'Sample Item 1' }],
    prebuiltBlocked: PYTHON_PREBUILT,
  },
  {
    name: 'python/vibe-coding-ide',
    checks: [home('IDE')],
    blocked: `${notInIndex('openai-agents and the vercel package')}; its backend/ and frontend/ are two projects`,
  },
];

/**
 * CI's subset, as few deployments as cover each package manager (npm, pnpm, bun), each Node.js major
 * (24 by default, 22 from the project's setting), each kind of output (a static preset, framework
 * functions on Node.js, bun functions) and a prebuilt deployment.
 */
export const CI_SUBSET: Record<string, Mode[]> = {
  parcel: ['source'],
  'hono-bun': ['source'],
  bun: ['source'],
  hono: ['source', 'prebuilt'],
  'python/fastapi': ['source'],
  'python/hello-world': ['source'],
};

/**
 * The apps a run deploys and how: `ci` (or unset) the subset above; `all` every app both ways, a
 * blocked one with no mode (it is listed, not deployed); else the named apps both ways.
 */
export function selectApps(setting?: string): { app: App; modes: Mode[] }[] {
  const value = setting?.trim() || 'ci';
  if (value === 'ci') return APPS.filter((a) => CI_SUBSET[a.name]).map((app) => ({ app, modes: CI_SUBSET[app.name]! }));
  if (value === 'all') return APPS.map((app) => ({ app, modes: app.blocked ? [] : modesOf(app) }));
  const names = value.split(',').map((n) => n.trim());
  const unknown = names.filter((n) => !APPS.some((a) => a.name === n));
  if (unknown.length) throw new Error(`NIMBUS_APPS names no app called ${unknown.join(', ')}`);
  return APPS.filter((a) => names.includes(a.name)).map((app) => ({ app, modes: modesOf(app) }));
}

/** Both ways, or the source only when `vercel build` cannot run here. */
function modesOf(app: App): Mode[] {
  return app.prebuiltBlocked ? ['source'] : ['source', 'prebuilt'];
}
