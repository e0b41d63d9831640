// Shown under the header on every dashboard page while the operator runs builds without isolation
// (NIMBUS_BUILD_SANDBOX=off): anyone who can deploy can then reach this server, and users should know.
export function SandboxOffBanner() {
  return (
    <div
      role="alert"
      aria-label="Builds run without isolation"
      className="border-b border-amber-600/40 bg-amber-500/15 text-sm text-foreground"
    >
      <p className="mx-auto max-w-6xl px-4 py-2 sm:px-6">
        <strong className="font-semibold">Builds run without isolation on this server.</strong> Its operator set{' '}
        <code className="font-mono">NIMBUS_BUILD_SANDBOX=off</code>: build scripts run as plain processes that can read
        and change what the server can. Deploy only code you trust.
      </p>
    </div>
  );
}
