// The certificates Caddy holds, for `vercel certs ls`: Caddy keeps each one in its storage directory
// as `certificates/<issuer>/<name>/<name>.crt` (PEM, leaf first). Read from disk rather than Caddy's
// admin API so listing works whether or not Caddy runs in this process's machine namespace, and
// parsed with node:crypto's X509Certificate. The directory is NIMBUS_CADDY_DATA_DIR, else Caddy's
// own default `$XDG_DATA_HOME/caddy` (`~/.local/share/caddy`).
import { X509Certificate } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';

export interface StoredCertificate {
  /** `<issuer dir>/<name>`: stable across restarts, used as the id. */
  id: string;
  issuer: string;
  /** DNS names of the subject alternative names (the certificate's hosts). */
  names: string[];
  validFrom: Date;
  validTo: Date;
}

export function caddyDataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.NIMBUS_CADDY_DATA_DIR) return env.NIMBUS_CADDY_DATA_DIR;
  const xdg = env.XDG_DATA_HOME || path.join(homedir(), '.local', 'share');
  return path.join(xdg, 'caddy');
}

const dirs = async (dir: string): Promise<string[]> => {
  try {
    return (await readdir(dir, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);
  } catch {
    return [];
  }
};

function dnsNames(cert: X509Certificate): string[] {
  const names = (cert.subjectAltName ?? '')
    .split(/,\s*/)
    .filter((entry) => entry.startsWith('DNS:'))
    .map((entry) => entry.slice(4));
  if (names.length) return names;
  const cn = /CN=([^\n,]+)/.exec(cert.subject)?.[1];
  return cn ? [cn] : [];
}

/** Every readable certificate in the storage dir, newest expiry first; unreadable files are skipped. */
export async function listCertificates(dataDir: string = caddyDataDir()): Promise<StoredCertificate[]> {
  const root = path.join(dataDir, 'certificates');
  const found: StoredCertificate[] = [];
  for (const issuer of await dirs(root)) {
    for (const name of await dirs(path.join(root, issuer))) {
      try {
        const pem = await readFile(path.join(root, issuer, name, `${name}.crt`));
        const cert = new X509Certificate(pem);
        found.push({
          id: `${issuer}/${name}`,
          issuer,
          names: dnsNames(cert),
          validFrom: new Date(cert.validFrom),
          validTo: new Date(cert.validTo),
        });
      } catch {
        // A file Caddy is writing, or not a certificate: not listed.
      }
    }
  }
  return found.sort((a, b) => b.validTo.getTime() - a.validTo.getTime());
}
