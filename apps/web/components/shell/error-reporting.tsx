'use client';
// Mounted once by the root layout, so errors on every zone's pages reach error reporting.
import { useEffect } from 'react';
import { configureErrorReporting, watchWindowErrors } from '@/lib/error-reporting';

export function ErrorReporting({ release }: { release: string }) {
  useEffect(() => {
    configureErrorReporting(release);
    return watchWindowErrors();
  }, [release]);
  return null;
}
