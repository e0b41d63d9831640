// The strip under the site header that names a zone and links its own pages (academy, ship,
// design), so a visitor always knows which part of the site they are in.
import { ZoneLink } from './zone-link';

export function ZoneBar({ name, links }: { name: string; links: { href: string; label: string }[] }) {
  return (
    <div className="border-b border-border bg-subtle/60">
      <nav
        aria-label={name}
        className="relative mx-auto flex max-w-6xl items-center gap-6 overflow-x-auto px-6 text-sm"
      >
        <span className="py-3 font-semibold">{name}</span>
        <ul className="flex gap-4">
          {links.map((link) => (
            <li key={link.href}>
              <ZoneLink
                href={link.href}
                className="block whitespace-nowrap py-3 text-muted hover:text-foreground aria-[current=page]:text-foreground"
              >
                {link.label}
              </ZoneLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
