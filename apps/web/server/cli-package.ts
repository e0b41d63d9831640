// The nimbus CLI as this server hands it out (docs/architecture.md, "The CLI from its own server"):
// GET /cli/nimbus.tgz is an npm tarball of apps/cli's bundle (dist/nimbus.js, built by npm start) with
// a package.json that has no dependencies and a server.json naming this server's public URL, so
// `npm install -g <public URL>/cli/nimbus.tgz` installs a `nimbus` that talks to this server without
// --api. GET /cli/version says which version that is, for `nimbus upgrade`; API replies carry it in
// `x-nimbus-cli-version` so the CLI can tell its user once that a newer one is available.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CLI_PACKAGE_NAME,
  CLI_TARBALL_PATH,
  CLI_VERSION_HEADER,
  CLI_VERSION_PATH,
  cliTarballUrl,
  errorEnvelope,
} from '@nimbus/core';
import { create as createTar } from 'tar';

const DEFAULT_CLI_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'cli');
/** Entries carry this time, so the same bundle, version and URL always give the same bytes. */
const PACKED_AT = new Date('2000-01-01T00:00:00Z');

export interface CliPackageOptions {
  /** NIMBUS_PUBLIC_URL: written into the tarball as the CLI's default server. */
  publicUrl: string;
  /** The CLI workspace (package.json, bin/, dist/); apps/cli by default. */
  cliDir?: string;
  /** The version to hand out instead of apps/cli/package.json's (tests of `nimbus upgrade`). */
  version?: () => string;
}

interface CliManifest {
  name: string;
  version: string;
  description?: string;
  engines?: Record<string, string>;
}

/** `/cli/nimbus.tgz` and `/cli/version`, with or without a query string. */
export function cliPackagePath(url: string): 'tarball' | 'version' | null {
  const pathname = url.replace(/[?#].*$/, '');
  if (pathname === CLI_TARBALL_PATH) return 'tarball';
  if (pathname === CLI_VERSION_PATH) return 'version';
  return null;
}

/** The package.json inside the tarball: installable by npm alone, with nothing from the monorepo. */
export function packedManifest(manifest: CliManifest, version: string): Record<string, unknown> {
  return {
    name: CLI_PACKAGE_NAME,
    version,
    description: manifest.description,
    type: 'module',
    bin: { nimbus: 'bin/nimbus.js' },
    files: ['bin', 'dist', 'server.json', 'README.md'],
    engines: manifest.engines ?? { node: '>=20' },
    license: 'UNLICENSED',
  };
}

export function createCliPackage(options: CliPackageOptions) {
  const cliDir = options.cliDir ?? DEFAULT_CLI_DIR;
  const bundle = path.join(cliDir, 'dist', 'nimbus.js');
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  let manifest: CliManifest | null = null;
  const readManifest = () =>
    (manifest ??= JSON.parse(readFileSync(path.join(cliDir, 'package.json'), 'utf8')) as CliManifest);
  const version = () => options.version?.() ?? readManifest().version;
  // A promise, so requests arriving while the first pack runs share it.
  let cached: { key: string; packed: Promise<{ body: Buffer; etag: string }> } | null = null;

  async function pack(packageVersion: string): Promise<Buffer> {
    const stage = await mkdtemp(path.join(tmpdir(), 'nimbus-cli-pack-'));
    try {
      const root = path.join(stage, 'package');
      await mkdir(path.join(root, 'bin'), { recursive: true });
      await mkdir(path.join(root, 'dist'));
      const packed = packedManifest(readManifest(), packageVersion);
      await writeFile(path.join(root, 'package.json'), `${JSON.stringify(packed, null, 2)}\n`);
      await writeFile(path.join(root, 'server.json'), `${JSON.stringify({ url: publicUrl }, null, 2)}\n`);
      await copyFile(path.join(cliDir, 'bin', 'nimbus.js'), path.join(root, 'bin', 'nimbus.js'));
      await copyFile(bundle, path.join(root, 'dist', 'nimbus.js'));
      if (existsSync(path.join(cliDir, 'README.md')))
        await copyFile(path.join(cliDir, 'README.md'), path.join(root, 'README.md'));
      const entries = ['package/package.json', 'package/server.json', 'package/bin', 'package/dist'];
      if (existsSync(path.join(root, 'README.md'))) entries.push('package/README.md');
      const chunks: Buffer[] = [];
      const stream = createTar({ gzip: true, cwd: stage, portable: true, mtime: PACKED_AT }, entries);
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    } finally {
      await rm(stage, { recursive: true, force: true });
    }
  }

  /** The tarball, packed once per bundle, version and public URL. Null when the CLI is not built. */
  async function tarball(): Promise<{ body: Buffer; etag: string; version: string } | null> {
    if (!existsSync(bundle)) return null;
    const packageVersion = version();
    const key = `${packageVersion}|${publicUrl}|${statSync(bundle).mtimeMs}|${statSync(bundle).size}`;
    if (cached?.key !== key) {
      const packed = pack(packageVersion).then((body) => ({
        body,
        etag: `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`,
      }));
      cached = { key, packed };
      // A failed pack is tried again by the next request.
      packed.catch(() => {
        if (cached?.packed === packed) cached = null;
      });
    }
    return { ...(await cached.packed), version: packageVersion };
  }

  function sendJson(res: ServerResponse, status: number, value: unknown, head: boolean) {
    const body = JSON.stringify(value);
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-cache',
    });
    res.end(head ? undefined : body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const head = method === 'HEAD';
    if (method !== 'GET' && !head) {
      res.setHeader('allow', 'GET, HEAD');
      return sendJson(res, 405, errorEnvelope('method_not_allowed', 'Use GET.'), false);
    }
    const which = cliPackagePath(req.url ?? '/');
    if (which === 'version')
      return sendJson(
        res,
        200,
        { name: CLI_PACKAGE_NAME, version: version(), tarball: cliTarballUrl(publicUrl) },
        head,
      );
    let packed: Awaited<ReturnType<typeof tarball>>;
    try {
      packed = await tarball();
    } catch (error) {
      console.error(`Could not pack the nimbus CLI: ${(error as Error).message}`);
      return sendJson(
        res,
        503,
        {
          error: {
            code: 'cli_unavailable',
            message: 'The nimbus CLI could not be packed on this server. Try again later.',
          },
        },
        head,
      );
    }
    if (!packed)
      return sendJson(
        res,
        503,
        {
          error: {
            code: 'cli_not_built',
            message: 'This server has not built the nimbus CLI yet. Its operator runs `npm start`, which builds it.',
          },
        },
        head,
      );
    const headers = {
      'content-type': 'application/gzip',
      'content-disposition': `attachment; filename="${CLI_PACKAGE_NAME}-${packed.version}.tgz"`,
      // npm must ask again on every install, or `nimbus upgrade` would reinstall a cached old version.
      'cache-control': 'no-cache',
      etag: packed.etag,
      [CLI_VERSION_HEADER]: packed.version,
    };
    if (req.headers['if-none-match'] === packed.etag) {
      res.writeHead(304, headers);
      return void res.end();
    }
    res.writeHead(200, { ...headers, 'content-length': packed.body.length });
    res.end(head ? undefined : packed.body);
  }

  return { handle, version, tarball };
}

export type CliPackage = ReturnType<typeof createCliPackage>;
