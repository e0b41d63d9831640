// `node scripts/subset-fonts.mjs`: writes apps/web/fonts/geist-{sans,mono}.woff2, the Geist variable
// fonts of the `geist` package cut down to the characters Nimbus pages use (Latin, Latin-1,
// Latin Extended-A for names, punctuation and the few symbols of the UI). The full files are
// ~70 kB each, the subsets ~36 kB: every page preloads the sans one, so this is paid on every
// first visit. Characters outside the subset render in the fallback font. Run it again after
// upgrading `geist`, and commit the result.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const RANGES = [
  [0x20, 0x7e], // Basic Latin
  [0xa0, 0x17f], // Latin-1 Supplement, Latin Extended-A
  [0x2000, 0x206f], // General Punctuation: dashes, quotes, ellipsis, bullets
  [0x20ac, 0x20ac], // €
  [0x2122, 0x2122], // ™
  [0x2190, 0x2193], // ← ↑ → ↓
  [0x21b5, 0x21b5], // ↵ (command menu)
  [0x2212, 0x2212], // − (minus)
  [0x2318, 0x2318], // ⌘
  [0x25be, 0x25be], // ▾
  [0x2713, 0x2713], // ✓
];

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const geist = path.join(root, 'node_modules', 'geist', 'dist', 'fonts');
const out = path.join(root, 'apps', 'web', 'fonts');
let text = '';
for (const [from, to] of RANGES) for (let c = from; c <= to; c++) text += String.fromCodePoint(c);

for (const [source, target] of [
  ['geist-sans/Geist-Variable.woff2', 'geist-sans.woff2'],
  ['geist-mono/GeistMono-Variable.woff2', 'geist-mono.woff2'],
]) {
  const full = readFileSync(path.join(geist, source));
  const subset = await subsetFont(full, text, { targetFormat: 'woff2' });
  writeFileSync(path.join(out, target), subset);
  console.log(`${target}: ${full.length} → ${subset.length} bytes`);
}
copyFileSync(path.join(geist, '..', '..', 'LICENSE.txt'), path.join(out, 'LICENSE.txt'));
