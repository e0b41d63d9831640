// The same deploy from a terminal, with the chosen team's scope and this server filled in.
import Link from 'next/link';
import { CliInstall } from '../cli-install';
import { Command } from '../command';

export function CliCommands({ slug, origin }: { slug: string; origin: string }) {
  return (
    <section aria-labelledby="cli-title" className="flex flex-col gap-4">
      <h2 id="cli-title" className="text-lg font-semibold tracking-tight">
        Or deploy from a terminal
      </h2>
      <div className="flex flex-col gap-2 text-sm">
        <p>
          <span className="font-medium">Nimbus CLI</span>{' '}
          <span className="text-muted">
            (install it from this server, then deploy; it asks you to log in the first time)
          </span>
        </p>
        <CliInstall slug={slug} origin={origin} />
      </div>
      <div className="flex flex-col gap-2 text-sm">
        <p>
          <span className="font-medium">Vercel CLI</span>{' '}
          <span className="text-muted">
            with a token from{' '}
            <Link href="/account/tokens" className="text-accent underline underline-offset-4">
              Account settings → Tokens
            </Link>
          </span>
        </p>
        <Command
          value={`vercel deploy --api ${origin} --token <token> --scope ${slug}`}
          label="Copy Vercel CLI command"
        />
      </div>
    </section>
  );
}
