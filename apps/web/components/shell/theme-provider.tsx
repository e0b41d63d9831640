'use client';
import { THEME_COLORS, THEME_STORAGE_KEY } from '@nimbus/core';
// Theme light/dark/system stored under `theme` (docs/spec.md §2), with the dashboard meta colour kept in step.
import { ThemeProvider as NextThemes, useTheme } from 'next-themes';
import { type ReactNode, useEffect } from 'react';

function ThemeColor() {
  const { resolvedTheme } = useTheme();
  useEffect(() => {
    const color = resolvedTheme === 'dark' ? THEME_COLORS.dark : THEME_COLORS.light;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]:not([media])');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'theme-color';
      document.head.appendChild(meta);
    }
    meta.content = color;
  }, [resolvedTheme]);
  return null;
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  return (
    <NextThemes
      attribute="class"
      storageKey={THEME_STORAGE_KEY}
      defaultTheme="system"
      enableSystem
      disableTransitionOnChange
    >
      <ThemeColor />
      {children}
    </NextThemes>
  );
}
