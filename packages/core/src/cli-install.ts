// How people get the nimbus CLI: from their own Nimbus server, never from the npm registry (whose
// `nimbus` package is someone else's). The server (apps/web/server/cli-package.ts), its pages and the
// CLI itself (`nimbus upgrade`) share these names.

/** The npm tarball of the CLI, packed by the server with its public URL inside. */
export const CLI_TARBALL_PATH = '/cli/nimbus.tgz';
/** `{ name, version, tarball }` of the CLI the server hands out. */
export const CLI_VERSION_PATH = '/cli/version';
/** On every API reply of the server: the version of the CLI it hands out. */
export const CLI_VERSION_HEADER = 'x-nimbus-cli-version';
/** The package name inside the tarball (the registry's `nimbus` is an unrelated package). */
export const CLI_PACKAGE_NAME = 'nimbus-cli';

/** The tarball's URL on the server at `publicUrl`. */
export function cliTarballUrl(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${CLI_TARBALL_PATH}`;
}

/** The one install line every page, doc and the CLI give: `npm install -g <server>/cli/nimbus.tgz`. */
export function cliInstallCommand(publicUrl: string): string {
  return `npm install -g ${cliTarballUrl(publicUrl)}`;
}
