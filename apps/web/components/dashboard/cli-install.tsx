// The Nimbus CLI's two steps, as the dashboard gives them: install it from this server (never the
// npm registry's unrelated `nimbus`), then deploy. The installed CLI talks to this server by itself.
import { cliInstallCommand } from '@nimbus/core';
import { Command } from './command';

export function CliInstall({ slug, origin }: { slug: string; origin: string }) {
  return (
    <div className="flex flex-col gap-2">
      <Command value={cliInstallCommand(origin)} label="Copy Nimbus CLI install command" />
      <Command value={`nimbus deploy --scope ${slug}`} label="Copy Nimbus CLI command" />
    </div>
  );
}
