// The image optimiser of Build Output deployments: `/_next/image` and `/_vercel/image` resize and
// re-encode one of the deployment's own static images with the deployment's `images` settings
// (sizes, qualities, formats, local patterns, SVG policy, cache TTL), as Vercel's does. sharp
// (libvips) decodes with a pixel limit; results are kept in memory by source digest and parameters,
// so a warm image costs a map lookup. Remote images are refused: fetching arbitrary URLs from the
// server would let a deployment probe the host's network.
import type { ImagesConfig } from '@nimbus/core';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import type { FileStore } from '../../store/types';
import type { OutputEntry } from '../resolve';

export const IMAGE_PATHS = new Set(['/_next/image', '/_vercel/image']);

/** Largest source file the optimiser reads, and largest decoded image (pixels). */
const MAX_SOURCE_BYTES = 50 * 1024 * 1024;
const MAX_PIXELS = 100_000_000;
const CACHE_BYTES = 64 * 1024 * 1024;

export interface ImageAnswer {
  /** A new transformation was made for this answer (not served from the cache): one metered unit. */
  transformed?: boolean;
  status: number;
  headers: [string, string][];
  body: Buffer;
}

type Format = 'webp' | 'avif' | 'png' | 'jpeg' | 'gif';

const SOURCE_FORMATS: Record<string, Format> = {
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  webp: 'webp',
  avif: 'avif',
  gif: 'gif',
};

function problem(status: number, message: string): ImageAnswer {
  return {
    status,
    headers: [
      ['content-type', 'text/plain; charset=utf-8'],
      ['cache-control', 'no-store'],
    ],
    body: Buffer.from(`${message}\n`),
  };
}

export interface ImageOptimizer {
  optimize(
    search: URLSearchParams,
    accept: string | undefined,
    config: ImagesConfig,
    files: Map<string, OutputEntry>,
  ): Promise<ImageAnswer>;
}

export function createImageOptimizer(store: FileStore): ImageOptimizer {
  const cache = new LRUCache<string, ImageAnswer>({
    maxSize: CACHE_BYTES,
    sizeCalculation: (a) => Math.max(1, a.body.length),
  });

  return {
    async optimize(search, accept, config, files) {
      const given = search.get('url') ?? '';
      const width = Number(search.get('w'));
      const quality = Number(search.get('q') ?? '75');
      if (!given) return problem(400, '"url" parameter is required');
      if (given.startsWith('//') || /^[a-z][a-z\d+.-]*:/i.test(given))
        return problem(400, 'Only images of this deployment can be optimized: "url" must be a path such as /logo.png.');
      // A path without its leading slash is the deployment's too, as Vercel reads it (Astro asks for `_astro/x.png`).
      const url = given.startsWith('/') ? given : `/${given}`;
      if (!Number.isInteger(width) || !config.sizes.includes(width))
        return problem(400, `"w" parameter must be one of the configured sizes: ${config.sizes.join(', ')}.`);
      const qualities = config.qualities?.length ? config.qualities : null;
      if (!Number.isInteger(quality) || quality < 1 || quality > 100 || (qualities && !qualities.includes(quality)))
        return problem(
          400,
          `"q" parameter must be ${qualities ? `one of ${qualities.join(', ')}` : 'between 1 and 100'}.`,
        );

      const q = url.indexOf('?');
      let pathname: string;
      try {
        pathname = decodeURIComponent(q < 0 ? url : url.slice(0, q));
      } catch {
        return problem(400, '"url" parameter is not a valid path.');
      }
      const patterns = config.localPatterns;
      if (patterns?.length && !patterns.some((p) => !p.pathname || new RegExp(p.pathname).test(pathname)))
        return problem(400, '"url" parameter is not allowed by the images.localPatterns of this deployment.');
      const key = pathname.replace(/^\/+/, '');
      const entry = files.get(key);
      if (!entry || key.split('/').includes('..')) return problem(404, 'The requested image does not exist.');
      if (entry.size > MAX_SOURCE_BYTES) return problem(400, 'The requested image is too large to optimize.');

      const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
      const isSvg = extension === 'svg';
      if (isSvg && !config.dangerouslyAllowSVG)
        return problem(400, 'SVG images are not optimized unless images.dangerouslyAllowSVG is set.');
      const source = SOURCE_FORMATS[extension];
      if (!source && !isSvg) return problem(400, 'The requested resource is not an image this optimizer reads.');
      const format = pickFormat(accept, config, source ?? 'png');
      const cacheKey = `${entry.sha}:${width}:${quality}:${format}`;
      const cached = cache.get(cacheKey);
      if (cached) return cached;

      const input = await store.get(entry.sha);
      let body: Buffer;
      try {
        const pipeline = sharp(input, { limitInputPixels: MAX_PIXELS, animated: format === 'gif' || format === 'webp' })
          .rotate()
          .resize({ width, withoutEnlargement: true });
        body = await pipeline.toFormat(format, { quality }).toBuffer();
      } catch {
        return problem(400, 'The requested image could not be decoded.');
      }
      const name = `${key.slice(key.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '')}.${format === 'jpeg' ? 'jpg' : format}`;
      const answer: ImageAnswer = {
        status: 200,
        headers: [
          ['content-type', `image/${format}`],
          ['cache-control', `public, max-age=${config.minimumCacheTTL ?? 60}, must-revalidate`],
          ['vary', 'Accept'],
          ['etag', `"${entry.sha}-${width}-${quality}-${format}"`],
          ['x-content-type-options', 'nosniff'],
          ['content-security-policy', config.contentSecurityPolicy ?? "script-src 'none'; frame-src 'none'; sandbox;"],
          ['content-disposition', `${config.contentDispositionType ?? 'attachment'}; filename="${name}"`],
          ['content-length', String(body.length)],
        ],
        body,
      };
      cache.set(cacheKey, answer);
      return { ...answer, transformed: true };
    },
  };
}

/** The best format the browser accepts among the deployment's `formats`, else the source's own. */
function pickFormat(accept: string | undefined, config: ImagesConfig, source: Format): Format {
  const formats = config.formats ?? ['image/webp'];
  for (const f of formats) if (accept?.includes(f)) return f === 'image/avif' ? 'avif' : 'webp';
  return source;
}
