// `npm run start:tls`: Nimbus (scripts/start.mjs) behind Caddy (deploy/Caddyfile), which terminates
// TLS with certificates it obtains on demand after asking Nimbus. Both run as child processes with
// argument arrays; a signal goes to both, and when either stops the other is stopped too.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CADDYFILE = path.join(root, 'deploy', 'Caddyfile');
export const CADDY_MISSING =
  'Caddy is not installed (no `caddy` on PATH): install the Debian package caddy (sudo apt-get install caddy), then run npm run start:tls again.';

/** The global options deploy/Caddyfile takes from NIMBUS_CADDY_OPTIONS, one per line. */
export function caddyOptions(env) {
  const lines = [];
  if (env.NIMBUS_TLS_EMAIL) lines.push(`email ${JSON.stringify(env.NIMBUS_TLS_EMAIL)}`);
  // Caddy's own CA, for tests and local use: nothing is asked of Let's Encrypt, and browsers trust it
  // only once its root (pki/authorities/local/root.crt in the data dir) is installed.
  if (env.NIMBUS_TLS_INTERNAL === '1' || env.NIMBUS_TLS_INTERNAL === 'true')
    lines.push('local_certs', 'skip_install_trust');
  if (env.NIMBUS_CADDY_DATA_DIR)
    lines.push(`storage file_system ${JSON.stringify(path.resolve(env.NIMBUS_CADDY_DATA_DIR))}`);
  return lines.join('\n');
}

/**
 * The environment of both processes. Behind Caddy, Nimbus listens on loopback only (HOST) and trusts
 * the X-Forwarded-* headers Caddy sets (NIMBUS_TRUST_PROXY), unless those are set otherwise.
 */
export function tlsEnvironment(env) {
  return {
    HOST: '127.0.0.1',
    NIMBUS_TRUST_PROXY: '1',
    ...Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')),
    NIMBUS_CADDY_OPTIONS: caddyOptions(env),
  };
}

/** Whether `caddy` runs at all (the Debian package puts it on PATH). */
export function caddyInstalled(env) {
  const result = spawnSync('caddy', ['version'], { env, stdio: 'ignore' });
  return !result.error;
}

function main() {
  const env = tlsEnvironment(process.env);
  if (!caddyInstalled(env)) {
    console.error(CADDY_MISSING);
    process.exit(1);
  }
  if (!env.NIMBUS_PUBLIC_URL?.startsWith('https://'))
    console.warn(
      'NIMBUS_PUBLIC_URL is not an https:// URL: set it to the address people open, e.g. https://nimbus.example.com, so links and cookies use HTTPS.',
    );
  const nimbus = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs'), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env,
  });
  const caddy = spawn('caddy', ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], { stdio: 'inherit', env });
  const children = [nimbus, caddy];
  let stopping = false;
  let status = null;
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.on(signal, () => {
      stopping = true;
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    });
  for (const [child, name] of [
    [nimbus, 'Nimbus'],
    [caddy, 'Caddy'],
  ])
    child.on('exit', (code, signal) => {
      if (status === null) {
        // Stopped by us: a clean exit. Either one stopping on its own stops the pair with an error.
        status = stopping ? 0 : code || 1;
        if (!stopping)
          console.error(`${name} stopped (${signal ?? `exit code ${code}`}), so Caddy and Nimbus both stop.`);
        stopping = true;
        for (const other of children)
          if (other !== child && other.exitCode === null && other.signalCode === null) other.kill('SIGTERM');
      }
      if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(status);
    });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
