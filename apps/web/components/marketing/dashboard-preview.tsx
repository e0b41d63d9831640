// The home page's first screen shows the product: a project as the dashboard shows it, drawn with
// the dashboard's own components (state badges, badges, the mark), and its production deployment
// as a small rendered page. A picture of the product, not a way into it: `inert` keeps it out of
// the tab order, and the figure's caption says what it shows.
import { Badge } from '@nimbus/ui';
import { StateBadge } from '@/components/dashboard/deployments/state-badge';
import { NimbusMark } from '@/components/shell/logo';

const DEPLOYMENTS = [
  { url: 'marketing-site-k3j2h1.nimbus.app', state: 'READY', target: 'production', current: true, age: '2m' },
  { url: 'marketing-site-q8v5tc.nimbus.app', state: 'BUILDING', target: 'preview', current: false, age: '1m' },
  { url: 'marketing-site-p0x91d.nimbus.app', state: 'READY', target: 'production', current: false, age: '3d' },
  { url: 'marketing-site-m2d7ra.nimbus.app', state: 'ERROR', target: 'preview', current: false, age: '4d' },
] as const;

/** The deployed site, as the deployment page's preview shows it. */
function SitePreview() {
  return (
    <div className="overflow-hidden rounded-lg border border-border bg-white text-neutral-900">
      <div className="flex items-center justify-between border-b border-neutral-200 px-3 py-2">
        <span className="text-[11px] font-semibold">Acme</span>
        <span className="flex gap-2 text-[10px] text-neutral-600">
          <span>Shop</span>
          <span>About</span>
        </span>
      </div>
      <div className="space-y-2 px-3 py-4">
        <p className="text-sm font-semibold leading-tight">Spring collection</p>
        <p className="text-[11px] leading-snug text-neutral-600">Light jackets for long evenings.</p>
        <div className="grid grid-cols-3 gap-1.5 pt-1">
          <div className="h-8 rounded bg-amber-200" />
          <div className="h-8 rounded bg-sky-200" />
          <div className="h-8 rounded bg-emerald-200" />
        </div>
      </div>
    </div>
  );
}

export function DashboardPreview() {
  return (
    <figure className="min-w-0">
      <div inert className="overflow-hidden rounded-xl border border-border bg-background shadow-2xl shadow-black/10">
        <div className="flex items-center gap-2 border-b border-border bg-subtle px-4 py-2.5">
          <span aria-hidden="true" className="flex gap-1.5">
            <span className="size-2.5 rounded-full bg-neutral-300 dark:bg-neutral-600" />
            <span className="size-2.5 rounded-full bg-neutral-300 dark:bg-neutral-600" />
            <span className="size-2.5 rounded-full bg-neutral-300 dark:bg-neutral-600" />
          </span>
          <span className="ml-2 truncate font-mono text-xs text-muted">nimbus.example.com/acme/marketing-site</span>
        </div>
        <div className="flex items-center gap-2 border-b border-border px-4 py-3 text-sm">
          <NimbusMark size={18} />
          <span className="text-muted">acme</span>
          <span className="text-muted">/</span>
          <span className="truncate font-medium">marketing-site</span>
          <Badge tone="blue" className="ml-auto">
            Pro
          </Badge>
        </div>
        <div className="grid gap-4 p-4 sm:grid-cols-[11rem_1fr]">
          <SitePreview />
          <div className="min-w-0 space-y-2 text-sm">
            <p className="text-xs font-medium uppercase tracking-wider text-muted">Production deployment</p>
            <StateBadge state="READY" />
            <p className="truncate font-mono text-xs">marketing-site.nimbus.app</p>
            <p className="text-xs text-muted">Built in 38s · 212 files · Vite</p>
            <div className="flex flex-wrap gap-1.5 pt-1">
              <Badge tone="blue">Production</Badge>
              <Badge tone="green">Current</Badge>
            </div>
          </div>
        </div>
        <ul className="divide-y divide-border border-t border-border">
          {DEPLOYMENTS.map((d) => (
            <li key={d.url} className="grid grid-cols-[6rem_1fr_auto] items-center gap-3 px-4 py-2.5">
              <StateBadge state={d.state} />
              <span className="flex min-w-0 items-center gap-2">
                <span className="truncate font-mono text-xs">{d.url}</span>
                <Badge tone={d.target === 'production' ? 'blue' : 'neutral'} className="hidden sm:inline-flex">
                  {d.target === 'production' ? 'Production' : 'Preview'}
                </Badge>
              </span>
              <span className="text-xs text-muted">{d.age} ago</span>
            </li>
          ))}
        </ul>
      </div>
      <figcaption className="mt-3 text-center text-sm text-muted">
        A project in the Nimbus dashboard: its production deployment and the builds before it.
      </figcaption>
    </figure>
  );
}
