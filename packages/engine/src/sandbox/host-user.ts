// The host account a sandboxed job runs as. Nimbus runs as root, but a job must not: bubblewrap is
// started as uid 65534 (nobody), so the job's uid 1000 inside its user namespace is 65534 on the
// host. Files it writes belong to nobody, and a process that escaped its namespaces would hold no
// rights on the host. That account must reach what is mounted for it, so its writable folders are
// handed to it before each start, and a folder above a mount it cannot pass through is an error
// that names the folder, never a reason to run the job as root.
import { execFile } from 'node:child_process';
import type { Stats } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';

export const SANDBOX_HOST_UID = 65534;
export const SANDBOX_HOST_GID = 65534;

/** Only root has to switch: Nimbus run by any other user already starts jobs as an unprivileged host user. */
const switches = () => process.getuid?.() === 0;

/** setpriv arguments that switch to the sandbox's host user, with no supplementary groups. */
export function hostUserArgs(): string[] {
  if (!switches()) return [];
  return ['--reuid', `${SANDBOX_HOST_UID}`, '--regid', `${SANDBOX_HOST_GID}`, '--clear-groups'];
}

/** Gives the folders, and everything in them, to the sandbox's host user. */
export async function handOver(folders: string[]): Promise<void> {
  if (!folders.length || !switches()) return;
  // chown -R -P walks without following symbolic links, so a link a job left behind in its folder
  // (or swaps in while another build of the team shares the cache) cannot point it elsewhere.
  const owner = `${SANDBOX_HOST_UID}:${SANDBOX_HOST_GID}`;
  await new Promise<void>((resolve, reject) =>
    execFile('chown', ['-R', '-P', owner, '--', ...folders], (err, _out, stderr) =>
      err
        ? reject(new Error(`Could not give ${folders.join(', ')} to the sandbox user: ${stderr.trim() || err.message}`))
        : resolve(),
    ),
  );
}

/** Whether the sandbox's host user may pass through a folder with these permissions. */
function traversable(st: Stats): boolean {
  if (st.uid === SANDBOX_HOST_UID) return (st.mode & 0o100) !== 0;
  if (st.gid === SANDBOX_HOST_GID) return (st.mode & 0o010) !== 0;
  return (st.mode & 0o001) !== 0;
}

/** Throws, naming the folder, when the sandbox's host user cannot reach one of the paths. */
export async function checkReachable(paths: string[]): Promise<void> {
  if (!switches()) return;
  for (const p of paths) {
    const real = await realpath(p).catch(() => {
      throw new Error(`The sandbox cannot mount ${p}: it does not exist.`);
    });
    for (let dir = path.dirname(real); ; dir = path.dirname(dir)) {
      if (!traversable(await stat(dir)))
        throw new Error(
          `The sandbox user (uid ${SANDBOX_HOST_UID}) cannot reach ${p} because ${dir} is closed to it. Allow it through with "chmod o+x ${dir}", or move the folder.`,
        );
      if (dir === '/') break;
    }
  }
}
