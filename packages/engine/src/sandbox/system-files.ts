// The read-only system a sandboxed job sees: /usr and its links, node's own folder, and a minimal
// /etc. Files that would tell a job about the host (users, hosts, name servers) are replaced by small
// generated ones, written once per process into a folder every team's host uid may read. Their
// `nobody` (65534) is the namespace's own: what a file of an unmapped host owner shows as inside.
import { chmodSync, existsSync, lstatSync, mkdtempSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NetworkMode } from './options';

/** The unprivileged user a job runs as, inside its own user namespace (its team's host uid outside it). */
export const SANDBOX_UID = 1000;

const ROOT_LINKS = ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];
/** Host files a job may read: certificates, the dynamic linker cache, Debian's alternatives. */
const HOST_ETC = [
  '/etc/ssl',
  '/etc/ca-certificates',
  '/etc/pki',
  '/etc/alternatives',
  '/etc/ld.so.cache',
  '/etc/localtime',
  '/etc/os-release',
];

/** The generated /etc folder carries the pid of its process, so a sweep at start can tell orphans (sweep.ts). */
export const ETC_DIR_PREFIX = 'nimbus-sandbox-etc-';

let generated: string | undefined;

function generatedEtc(): string {
  if (generated) return generated;
  const dir = mkdtempSync(path.join(tmpdir(), `${ETC_DIR_PREFIX}${process.pid}-`));
  // bubblewrap runs as the team's host uid and opens these files itself: readable by all, not writable.
  chmodSync(dir, 0o755);
  const files: Record<string, string> = {
    passwd: `root:x:0:0:root:/root:/usr/sbin/nologin\nnimbus:x:${SANDBOX_UID}:${SANDBOX_UID}:nimbus:/tmp:/bin/sh\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n`,
    group: `root:x:0:\nnimbus:x:${SANDBOX_UID}:\nnogroup:x:65534:\n`,
    hosts: '127.0.0.1 localhost sandbox\n::1 localhost\n',
    'nsswitch.conf': 'passwd: files\ngroup: files\nhosts: files dns\n',
    // slirp4netns answers DNS on this address and forwards to the host's resolver.
    'resolv.conf': 'nameserver 10.0.2.3\n',
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text, { mode: 0o644 });
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  generated = dir;
  return dir;
}

/** Node's own folder when it is installed outside /usr (nvm, /opt): visible with its bundled npm. */
export function nodePrefix(): string | null {
  const prefix = path.resolve(process.execPath, '..', '..');
  return prefix.startsWith('/usr') || prefix === '/' ? null : prefix;
}

/** bubblewrap arguments that mount the read-only system of a job. */
export function systemMounts(network: NetworkMode): string[] {
  const args = ['--ro-bind', '/usr', '/usr'];
  for (const dir of ROOT_LINKS) {
    if (!existsSync(dir)) continue;
    if (lstatSync(dir).isSymbolicLink()) args.push('--symlink', readlinkSync(dir), dir);
    else args.push('--ro-bind', dir, dir);
  }
  const node = nodePrefix();
  if (node) args.push('--ro-bind', node, node);
  for (const file of HOST_ETC) args.push('--ro-bind-try', file, file);
  const etc = generatedEtc();
  const names = ['passwd', 'group', 'hosts', 'nsswitch.conf', ...(network === 'public' ? ['resolv.conf'] : [])];
  for (const name of names) args.push('--ro-bind', path.join(etc, name), `/etc/${name}`);
  return args;
}
