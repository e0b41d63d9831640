// The host account a sandboxed job runs as. Nimbus runs as root, but a job must not: bubblewrap is
// started as its team's own host uid (NIMBUS_SANDBOX_UID_BASE + the team's number), so the job's uid
// 1000 inside its user namespace is that uid on the host. Files it writes belong to its team alone, a
// file another team's job wrote 0600 stays closed to it, and a process that escaped its namespaces
// would hold no rights on the host. That account must reach what is mounted for it, so its writable
// folders are handed to it before each start, and a folder above a mount it cannot pass through is an
// error that names the folder, never a reason to run the job as root.
import { execFile } from 'node:child_process';
import type { Stats } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';

/** Host uids below this belong to the machine's own accounts (Debian gives people 1000 and up, nobody 65534). */
export const SANDBOX_UID_BASE_MIN = 100_000;
export const SANDBOX_UID_BASE_DEFAULT = 200_000;
/** The highest uid the kernel accepts: (uid_t)-1 means "no change" to setreuid and chown. */
const UID_MAX = 2 ** 32 - 2;

/** The host uid (and gid) of a team's jobs: the operator's base plus the team's number (teams.sandbox_uid). */
export function teamHostUid(base: number, team: number): number {
  if (!Number.isInteger(team) || team < 1) throw new Error(`${team} is not a team's sandbox number.`);
  const uid = base + team;
  if (uid > UID_MAX)
    throw new Error(`The team's host uid ${uid} is past the largest uid; lower NIMBUS_SANDBOX_UID_BASE.`);
  return uid;
}

/** Only root has to switch: Nimbus run by any other user already starts jobs as an unprivileged host user. */
const switches = () => process.getuid?.() === 0;

/** setpriv arguments that switch to the job's host uid and gid, with no supplementary groups. */
export function hostUserArgs(uid: number): string[] {
  if (!switches()) return [];
  return ['--reuid', `${uid}`, '--regid', `${uid}`, '--clear-groups'];
}

/** Gives the folders, and everything in them, to the job's host uid. */
export async function handOver(folders: string[], uid: number): Promise<void> {
  if (!folders.length || !switches()) return;
  // chown -R -P walks without following symbolic links, so a link a job left behind in its folder
  // (or swaps in while another build of the team shares the cache) cannot point it elsewhere.
  await new Promise<void>((resolve, reject) =>
    execFile('chown', ['-R', '-P', `${uid}:${uid}`, '--', ...folders], (err, _out, stderr) =>
      err
        ? reject(new Error(`Could not give ${folders.join(', ')} to the sandbox user: ${stderr.trim() || err.message}`))
        : resolve(),
    ),
  );
}

/** Whether host uid `uid` (with gid `uid` and no other group) may pass through a folder with these permissions. */
function traversable(st: Stats, uid: number): boolean {
  if (st.uid === uid) return (st.mode & 0o100) !== 0;
  if (st.gid === uid) return (st.mode & 0o010) !== 0;
  return (st.mode & 0o001) !== 0;
}

/** Throws, naming the folder, when host uid `uid` cannot reach one of the paths. */
export async function checkReachable(paths: string[], uid: number): Promise<void> {
  if (!switches()) return;
  for (const p of paths) {
    const real = await realpath(p).catch(() => {
      throw new Error(`The sandbox cannot mount ${p}: it does not exist.`);
    });
    for (let dir = path.dirname(real); ; dir = path.dirname(dir)) {
      if (!traversable(await stat(dir), uid))
        throw new Error(
          `The sandbox user (uid ${uid}) cannot reach ${p} because ${dir} is closed to it. Allow it through with "chmod o+x ${dir}", or move the folder.`,
        );
      if (dir === '/') break;
    }
  }
}
