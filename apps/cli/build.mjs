// Bundles the CLI and its workspace dependencies (commander, picocolors, @nimbus/client) into one
// ESM file, dist/nimbus.js, so an installed `nimbus` needs nothing but Node 20. The file is written
// aside and renamed into place, so a `nimbus` starting during a rebuild never reads half a bundle.

import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const outfile = path.join(here, 'dist', 'nimbus.js');

const result = await build({
  entryPoints: [path.join(here, 'src', 'main.ts')],
  outfile,
  write: false,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // commander is CommonJS: its require() calls of Node built-ins need a real require in ESM.
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __nimbusRequire } from 'node:module';\nconst require = __nimbusRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
await mkdir(path.dirname(outfile), { recursive: true });
const temporary = `${outfile}.${process.pid}.tmp`;
await writeFile(temporary, result.outputFiles[0].contents, { mode: 0o755 });
await rename(temporary, outfile);
