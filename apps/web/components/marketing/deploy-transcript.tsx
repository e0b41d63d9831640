// A terminal session of `nimbus deploy`, as the CLI really prints it, next to what happened where.
const LINES = [
  { text: '$ nimbus deploy', tone: 'command' },
  { text: '› Linked to acme/marketing-site (created .nimbus/project.json)', tone: 'muted' },
  { text: '› Uploading 14 of 1,208 files (2.1 MB); the rest are already on the server', tone: 'muted' },
  { text: '› Queued build dpl_7Hq2xK… (Vite, npm install)', tone: 'muted' },
  { text: '› Build finished in 38s, 212 files ready', tone: 'muted' },
  { text: '✓ Preview  https://marketing-site-k3j2h1.nimbus.app', tone: 'ok' },
  { text: '$ nimbus promote dpl_7Hq2xK', tone: 'command' },
  { text: '✓ Production  https://marketing-site.nimbus.app now serves dpl_7Hq2xK (was dpl_P0x91d)', tone: 'ok' },
] as const;

const STEPS = [
  ['Upload', 'Files are addressed by their SHA-1, so a re-deploy sends only what changed.'],
  [
    'Build',
    'The worker detects the framework, installs with your lockfile and runs the build in a sandbox with a time limit.',
  ],
  ['Serve', 'Output goes to the file store; the deployment gets its own URL the moment it is ready.'],
  ['Promote', 'Production moves to the new deployment atomically. The previous one stays, ready for a rollback.'],
] as const;

const TONES = { command: 'text-neutral-100', muted: 'text-neutral-400', ok: 'text-emerald-400' } as const;

export function DeployTranscript() {
  return (
    <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
      <pre
        tabIndex={0}
        aria-label="Terminal session of nimbus deploy"
        className="relative self-start overflow-x-auto rounded-xl border border-neutral-800 bg-neutral-950 p-5 font-mono text-[13px] leading-7"
      >
        {LINES.map((line) => (
          <span key={line.text} className={`block ${TONES[line.tone]}`}>
            {line.text}
          </span>
        ))}
      </pre>
      <ol className="space-y-5">
        {STEPS.map(([title, body], index) => (
          <li key={title} className="flex gap-4">
            <span
              aria-hidden="true"
              className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full border border-border font-mono text-xs"
            >
              {index + 1}
            </span>
            <div>
              <h3 className="font-medium">{title}</h3>
              <p className="mt-1 text-sm leading-6 text-muted">{body}</p>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
