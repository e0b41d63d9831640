// The page shell of every zone (docs/spec.md §2): skip link, theme, progress bar, browser check, toasts,
// client error reporting, and Nimbus's own tracker (lib/tracking, started only once consent allows).

import { THEME_COLORS } from '@nimbus/core';
import { ToastProvider } from '@nimbus/ui';
import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
import { type ReactNode, Suspense } from 'react';
import { browserCheckScript } from '@/components/shell/browser-check';
import { ErrorReporting } from '@/components/shell/error-reporting';
import { ProgressBar } from '@/components/shell/progress-bar';
import { SkipLink } from '@/components/shell/skip-link';
import { ThemeProvider } from '@/components/shell/theme-provider';
import { Tracking } from '@/components/shell/tracking';
import { runtime } from '@/lib/runtime';
import pkg from '../package.json';
import { mono, sans } from './fonts';
import './globals.css';

// Rendered per request, so Open Graph URLs carry the running server's NIMBUS_PUBLIC_URL: a build
// cannot know it (docs/architecture.md, "Public pages render per request").
export async function generateMetadata(): Promise<Metadata> {
  await connection();
  return {
    metadataBase: new URL(runtime().config.publicUrl),
    title: { default: 'Nimbus', template: '%s – Nimbus' },
    description:
      'Nimbus builds and hosts your sites: one command to a live URL, immutable deployments, instant rollbacks.',
  };
}

export const viewport: Viewport = {
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: THEME_COLORS.light },
    { media: '(prefers-color-scheme: dark)', color: THEME_COLORS.dark },
  ],
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning className={`${sans.variable} ${mono.variable}`}>
      <head>
        <script dangerouslySetInnerHTML={{ __html: browserCheckScript }} />
      </head>
      <body className="min-h-screen font-sans antialiased">
        <SkipLink />
        <ErrorReporting release={pkg.version} />
        <ThemeProvider>
          <Suspense fallback={null}>
            <ProgressBar />
          </Suspense>
          <ToastProvider>{children}</ToastProvider>
        </ThemeProvider>
        <Suspense fallback={null}>
          <Tracking />
        </Suspense>
      </body>
    </html>
  );
}
