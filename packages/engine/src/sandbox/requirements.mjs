// What the build sandbox needs installed, found by looking rather than by running it: the commands
// runSandboxed starts (run.ts, network.ts) and the Debian package of each. Plain JavaScript, so that
// `npm start` (scripts/start.mjs) can say what is missing in its first lines, before it builds the web
// app, in the words a refused build ends with (check.ts).
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

/** Each command the sandbox runs, its Debian package, and whether only builds with network need it. */
const COMMANDS = [
  { command: 'bwrap', pkg: 'bubblewrap', publicOnly: false },
  { command: 'setpriv', pkg: 'util-linux', publicOnly: false },
  { command: 'slirp4netns', pkg: 'slirp4netns', publicOnly: true },
  { command: 'nsenter', pkg: 'util-linux', publicOnly: true },
  { command: 'ip', pkg: 'iproute2', publicOnly: true },
];

const isExecutable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

const list = (items) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** The commands builds with this network mode need that no folder of `searchPath` (PATH's form) holds. */
export function missingCommands(network, searchPath) {
  const folders = searchPath.split(path.delimiter).filter(Boolean);
  return COMMANDS.filter(
    (c) => (network === 'public' || !c.publicOnly) && !folders.some((f) => isExecutable(path.join(f, c.command))),
  );
}

/** Why builds cannot be isolated when these commands are missing, and what installs them. */
export function describeMissing(missing) {
  const commands = missing.map((c) => c.command);
  const packages = [...new Set(missing.map((c) => c.pkg))];
  return {
    reason: `${list(commands)} ${commands.length === 1 ? 'is' : 'are'} not installed`,
    fix: `Install ${list(packages)} (Debian: apt-get install ${packages.join(' ')}), or set NIMBUS_BUILD_SANDBOX=off to run builds without isolation.`,
  };
}

/** The message a refused build ends with. */
export function refusalMessage(reason, fix) {
  return `Builds are disabled because this server cannot isolate them (${reason}). ${fix}`;
}

/**
 * What `npm start` says about builds before anything else, from the environment it starts Nimbus with:
 * the commands missing and how to install them, or that builds run unisolated. No lines when the
 * commands are there (the server's own self-test then has the last word) or this process runs no builds.
 */
export function sandboxNotice(env, argv = []) {
  // `--role web,api` (or `--role=`) overrides NIMBUS_ROLE, as in apps/web/server.ts; all roles by default.
  const i = argv.findIndex((a) => a === '--role' || a.startsWith('--role='));
  const roles = i < 0 ? env.NIMBUS_ROLE : argv[i].includes('=') ? argv[i].slice('--role='.length) : argv[i + 1];
  if (roles && !roles.split(',').some((r) => r.trim() === 'worker')) return [];
  if (env.NIMBUS_BUILD_SANDBOX === 'off')
    return ['[sandbox] NIMBUS_BUILD_SANDBOX=off: builds run WITHOUT isolation, as plain processes of this server.'];
  const missing = missingCommands(env.NIMBUS_BUILD_NETWORK === 'none' ? 'none' : 'public', env.PATH ?? '');
  if (!missing.length) return [];
  const { reason, fix } = describeMissing(missing);
  return [
    `[sandbox] ${refusalMessage(reason, fix)}`,
    '[sandbox] Nimbus starts anyway: the dashboard works, and every build ends with this message until then.',
  ];
}
