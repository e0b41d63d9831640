import path from 'node:path';
import { IMAGE_DEVICE_SIZES, IMAGE_QUALITY, IMAGE_SIZES } from '@nimbus/core';
import type { NextConfig } from 'next';

const root = path.join(import.meta.dirname, '..', '..');

const config: NextConfig = {
  reactStrictMode: true,
  // A separate build folder per checkout or test run keeps parallel builds from clobbering each other.
  distDir: process.env.NIMBUS_NEXT_DIST ?? '.next',
  poweredByHeader: false,
  // `npm run typecheck` checks apps/web (CI runs it before the tests): the build does not check it again.
  typescript: { ignoreBuildErrors: true },
  transpilePackages: ['@nimbus/core', '@nimbus/client', '@nimbus/ui'],
  serverExternalPackages: [
    '@electric-sql/pglite',
    'pg',
    '@node-rs/argon2',
    'drizzle-orm',
    '@nimbus/db',
    '@nimbus/api',
    '@nimbus/engine',
    // The engine bundles the insights script with esbuild at run time (packages/engine/src/analytics).
    'esbuild',
  ],
  turbopack: { root },
  outputFileTracingRoot: root,
  images: { deviceSizes: [...IMAGE_DEVICE_SIZES], imageSizes: [...IMAGE_SIZES], qualities: [IMAGE_QUALITY] },
};

export default config;
