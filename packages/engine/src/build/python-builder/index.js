// Nimbus's Python builder. `vercel build` loads it as `@vercel/python` (vercel-build.ts mounts this
// folder over the CLI's own copy in the build sandbox) for `api/*.py` functions and the Flask,
// FastAPI, Django and Python presets. Vercel's builder needs `uv` and its `vercel-runtime` package
// from PyPI, which a self-hosted machine may not reach; this one installs with the machine's pip (its
// index settings reach the sandbox as PIP_* variables) and writes the function Vercel's does: the
// project's files, its packages in `_vendor`, and the `vc__handler__python.py` trampoline that names
// the module and variable to serve. Nimbus's Python runner (functions/runner.py) reads that
// trampoline, so a function prebuilt by Vercel's own builder runs the same way. Finding the
// entrypoint and installing run in Python (build.py), where the project's own files are parsed.
const { spawn } = require('node:child_process');
const { mkdtemp, readFile, rm, writeFile } = require('node:fs/promises');
const { tmpdir } = require('node:os');
const path = require('node:path');
const {
  download,
  FileBlob,
  getLambdaOptionsFromFunction,
  glob,
  isPythonFramework,
  Lambda,
  NowBuildError,
} = require('@vercel/build-utils');

const VENDOR = '_vendor';
const HANDLER_MODULE = 'vc__handler__python';
/** Never part of a function: the build's own folders, other installs and caches. */
const IGNORED = ['.vercel/**', '.git/**', 'node_modules/**', '.venv/**', 'venv/**', '**/__pycache__/**', '**/*.pyc'];

// -1: each result says its own version (3 for one function, 2 for a framework's function and routes).
exports.version = -1;

exports.build = async ({ files, entrypoint, workPath, config = {}, meta = {} }) => {
  await download(files, workPath, meta);
  const vendor = path.join(workPath, '.vercel', 'python', VENDOR);
  await rm(vendor, { recursive: true, force: true });
  const found = await detectAndInstall({
    workPath,
    vendor,
    entrypoint: entrypoint === '<detect>' ? null : entrypoint,
    framework: config.framework ?? null,
  });
  console.log(`Python entrypoint: ${found.entrypoint} (variable "${found.variable}"), runtime ${found.runtime}.`);

  const project = await glob('**', { cwd: workPath, ignore: IGNORED, dot: true });
  const vendored = await glob('**', { cwd: vendor, ignore: ['**/__pycache__/**'], dot: true }, VENDOR);
  const lambdaOptions = await getLambdaOptionsFromFunction({ sourceFile: found.entrypoint, config });
  const lambda = new Lambda({
    files: {
      ...project,
      ...vendored,
      [`${HANDLER_MODULE}.py`]: new FileBlob({ data: trampoline(found) }),
    },
    handler: `${HANDLER_MODULE}.vc_handler`,
    runtime: found.runtime,
    ...lambdaOptions,
    environment: { PYTHONDONTWRITEBYTECODE: '1' },
    supportsResponseStreaming: true,
  });
  if (!isPythonFramework(config.framework)) return { resultVersion: 3, result: { output: lambda } };
  // A framework app (Flask, FastAPI, Django) is one function that takes every path the files do not
  // answer, told the path asked for, as Vercel's builder routes it.
  const name = config.framework;
  return {
    resultVersion: 2,
    result: {
      output: { [name]: lambda },
      routes: [
        { handle: 'filesystem' },
        { handle: 'rewrite' },
        { src: '/(.*)', dest: `/${name}`, transforms: [{ type: 'request.path', op: 'set', args: '/$1' }] },
      ],
    },
  };
};

/** Runs build.py; its output goes to the build log, its findings come back through a file. */
async function detectAndInstall(request) {
  const dir = await mkdtemp(path.join(tmpdir(), 'nimbus-python-'));
  try {
    const requestFile = path.join(dir, 'request.json');
    const resultFile = path.join(dir, 'result.json');
    await writeFile(requestFile, JSON.stringify(request));
    const python = process.env.NIMBUS_PYTHON || 'python3';
    const child = spawn(python, [path.join(__dirname, 'build.py'), requestFile, resultFile], {
      cwd: request.workPath,
      stdio: 'inherit',
    });
    const exit = await new Promise((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    }).catch((err) => {
      throw new NowBuildError({
        code: 'PYTHON_UNAVAILABLE',
        message: `Python could not start (${err.message}): this server needs python3 to build Python functions.`,
      });
    });
    const result = exit === 0 ? JSON.parse(await readFile(resultFile, 'utf8')) : null;
    if (!result) throw new NowBuildError({ code: 'PYTHON_BUILD_FAILED', message: `build.py exited with ${exit}.` });
    if (result.error) throw new NowBuildError(result.error);
    return result;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The module the function's handler names, in the form Vercel's builder writes it. */
function trampoline({ entrypoint, variable }) {
  const moduleName = entrypoint
    .replace(/\.py$/, '')
    .replace(/\/__init__$/, '')
    .replace(/\//g, '.');
  const quoted = (value) => JSON.stringify(value);
  return `import os
import os.path
import site
import sys

_here = os.path.dirname(__file__)

os.environ.update({
  "__VC_HANDLER_MODULE_NAME": ${quoted(moduleName)},
  "__VC_HANDLER_ENTRYPOINT": ${quoted(entrypoint)},
  "__VC_HANDLER_ENTRYPOINT_ABS": os.path.join(_here, ${quoted(entrypoint)}),
  "__VC_HANDLER_VENDOR_DIR": ${quoted(VENDOR)},
  "__VC_HANDLER_VARIABLE_NAME": ${quoted(variable)}
})

_vendor = os.path.normpath(os.path.join(_here, ${quoted(VENDOR)}))
if os.path.isdir(_vendor):
    site.addsitedir(_vendor)
    while _vendor in sys.path:
        sys.path.remove(_vendor)
    sys.path.insert(1 if (sys.path and sys.path[0] in ('', _here)) else 0, _vendor)

from vercel_runtime.vc_init import vc_handler
`;
}

/** Exported for the runtime's tests, which run functions the way this builder writes them. */
exports.trampoline = trampoline;
