// The Geist typefaces of every page, from the subsets in apps/web/fonts (scripts/subset-fonts.mjs).
// The sans face is preloaded: all text uses it. The mono face is not: only code, logs and IDs use
// it, and the browser fetches it the first time a page shows some.
import localFont from 'next/font/local';

export const sans = localFont({ src: '../fonts/geist-sans.woff2', variable: '--font-geist-sans', weight: '100 900' });
export const mono = localFont({
  src: '../fonts/geist-mono.woff2',
  variable: '--font-geist-mono',
  weight: '100 900',
  preload: false,
});
