// /cli: how to install the nimbus CLI from this server (its /cli/nimbus.tgz, packed with this server's
// public URL by server/cli-package.ts), never from the npm registry, whose `nimbus` is someone else's.
import { cliInstallCommand } from '@nimbus/core';
import type { Metadata } from 'next';
import { Command } from '@/components/dashboard/command';
import { CardGrid, PageIntro, Section } from '@/components/marketing/sections';
import { runtime } from '@/lib/runtime';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'Install the Nimbus CLI',
  description:
    'Install the nimbus command from this Nimbus server with npm, sign in, and deploy a folder to a live URL from your terminal.',
};

const NEXT = [
  {
    title: 'The CLI guide',
    body: 'Every command: deploy, deployments, projects, environment variables, teams, CI use and upgrades.',
    href: '/docs/cli',
  },
  {
    title: 'Deployments',
    body: 'Immutable URLs, previews, promote and rollback: what a deploy gives you.',
    href: '/docs/deployments',
  },
  {
    title: 'Tokens',
    body: 'Sign in CI and machines without a browser with NIMBUS_TOKEN or nimbus login --token.',
    href: '/docs/tokens',
  },
];

export default function CliPage() {
  const { publicUrl } = runtime().config;
  const steps: Array<{ title: string; command: string; note: string }> = [
    {
      title: 'Install it from this server',
      command: cliInstallCommand(publicUrl),
      note: 'Needs Node.js 20 or later and npm. The package is one bundled file with no dependencies, and it already knows this server.',
    },
    {
      title: 'Sign in',
      command: 'nimbus login',
      note: 'Prints a link and a code: approve it in a browser where you are signed in. In CI, set NIMBUS_TOKEN instead.',
    },
    {
      title: 'Deploy a folder',
      command: 'nimbus deploy',
      note: 'Links the folder to a project, uploads what changed, streams the build and prints the live URL.',
    },
  ];
  return (
    <main id="main">
      <PageIntro
        eyebrow="CLI"
        title="Install the Nimbus CLI"
        lead="Deploy from your terminal in three commands. The CLI comes from this Nimbus server, not from the npm registry: the registry's package called nimbus is an unrelated project."
      />
      <Section id="install" title="Three commands to a live URL">
        <ol className="flex max-w-3xl flex-col gap-8">
          {steps.map((step, i) => (
            <li key={step.command} className="flex flex-col gap-2">
              <h3 className="font-medium">
                {i + 1}. {step.title}
              </h3>
              <Command value={step.command} label={`Copy: ${step.title}`} />
              <p className="text-sm text-muted">{step.note}</p>
            </li>
          ))}
        </ol>
      </Section>
      <Section
        id="upgrade"
        title="Stay up to date"
        lead="nimbus --version prints the version you have. When this server hands out a newer one, the CLI tells you once; nimbus upgrade reinstalls it from here and keeps your login."
      >
        <div className="max-w-3xl">
          <Command value="nimbus upgrade" label="Copy: upgrade" />
        </div>
      </Section>
      <Section id="next" title="Next">
        <CardGrid items={NEXT} />
      </Section>
    </main>
  );
}
