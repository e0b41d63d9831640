'use client';
// A list filter kept in the page's URL (`?status=ERROR`), so a filtered list can be shared, reloaded
// and reached with Back. Unknown values read as no filter; choosing "all" removes the parameter.
import { usePathname, useRouter, useSearchParams } from 'next/navigation';

export function useUrlFilter(name: string, allowed: readonly string[]): [string, (value: string) => void] {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const raw = params.get(name) ?? '';
  const value = allowed.includes(raw) ? raw : '';
  const set = (next: string) => {
    const query = new URLSearchParams(params.toString());
    if (next) query.set(name, next);
    else query.delete(name);
    const search = query.toString();
    router.replace(search ? `${pathname}?${search}` : pathname, { scroll: false });
  };
  return [value, set];
}
