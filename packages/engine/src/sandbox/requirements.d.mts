// Types of requirements.mjs, which scripts/start.mjs imports as plain JavaScript.
import type { NetworkMode } from './options';

export interface MissingCommand {
  command: string;
  /** The Debian package that installs it. */
  pkg: string;
  publicOnly: boolean;
}

export function missingCommands(network: NetworkMode, searchPath: string): MissingCommand[];
export function describeMissing(missing: MissingCommand[]): { reason: string; fix: string };
export function refusalMessage(reason: string, fix: string): string;
export function sandboxNotice(env: Record<string, string | undefined>, argv?: string[]): string[];
