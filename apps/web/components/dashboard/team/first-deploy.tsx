// The team overview's empty state until projects exist: how to make the first deployment, with this
// team's scope and this server's origin already filled in.

import { Card } from '@nimbus/ui';
import Link from 'next/link';
import { CliInstall } from '../cli-install';
import { Command } from '../command';

export function FirstDeploy({ slug, origin }: { slug: string; origin: string }) {
  return (
    <Card id="first-deploy" className="border-dashed">
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 py-6">
        <div className="flex flex-col items-center gap-2 text-center">
          <h2 className="text-xl font-semibold tracking-tight">Deploy your first project</h2>
          <p className="max-w-md text-sm text-muted">
            No projects yet. Run one command in your project&apos;s folder: Nimbus uploads it, builds it and gives it a
            live URL.
          </p>
        </div>
        <ol className="flex flex-col gap-5 text-sm">
          <li className="flex flex-col gap-2">
            <p>
              <span className="font-medium">With the Nimbus CLI</span>{' '}
              <span className="text-muted">
                (install it from this server, then deploy; it asks you to log in the first time)
              </span>
            </p>
            <CliInstall slug={slug} origin={origin} />
          </li>
          <li className="flex flex-col gap-2">
            <p>
              <span className="font-medium">Or with the Vercel CLI</span>{' '}
              <span className="text-muted">
                using a token from{' '}
                <Link href="/account/tokens" className="text-accent underline-offset-4 hover:underline">
                  Account settings → Tokens
                </Link>
              </span>
            </p>
            <Command
              value={`vercel deploy --api ${origin} --token <token> --scope ${slug}`}
              label="Copy Vercel CLI command"
            />
          </li>
        </ol>
      </div>
    </Card>
  );
}
