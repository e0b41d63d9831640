// GET /www/avatar - a deterministic generated avatar (docs/spec.md): `u` username, `teamId`, `s` size in
// pixels (twice the display size; default 80), or a 40-hex hash or user id as a path segment.
// Generated as SVG here because no avatar library draws from an arbitrary seed without a network call.
import { createHash } from 'node:crypto';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context';
import { errorBody } from '../errors';
import { errors, pathParam } from '../schemas/common';
import { uploadedAvatar } from '../services/account-profile';

const DEFAULT_SIZE = 80;
const MAX_SIZE = 1024;

export function avatarSvg(seed: string, size: number): string {
  const digest = createHash('sha1').update(seed).digest();
  const hue = (digest[0]! * 360) / 256;
  const hue2 = (hue + 40 + (digest[1]! % 80)) % 360;
  const angle = digest[2]! % 360;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 80 80">` +
    `<defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)">` +
    `<stop offset="0" stop-color="hsl(${hue.toFixed(0)} 80% 60%)"/><stop offset="1" stop-color="hsl(${hue2.toFixed(0)} 85% 45%)"/>` +
    `</linearGradient></defs><rect width="80" height="80" fill="url(#g)"/></svg>`
  );
}

const tags = ['Avatars'];
const Size = z.object({
  s: z.string().optional().describe(`Size in pixels, 1 to ${MAX_SIZE}; default ${DEFAULT_SIZE}.`),
});
const svg = {
  description: 'An SVG image, cached for a day',
  content: { 'image/svg+xml': { schema: z.string().openapi({ format: 'binary' }) } },
};

/** The SVG, or why the seed or size cannot be drawn. */
function draw(seed: string | undefined, sizeParam: string | undefined): { svg: string } | { error: string } {
  const size = sizeParam === undefined ? DEFAULT_SIZE : Number(sizeParam);
  if (!seed) return { error: 'Pass u (username), teamId, or a hash or user id in the path.' };
  if (!Number.isInteger(size) || size < 1 || size > MAX_SIZE)
    return { error: `s must be a whole number of pixels from 1 to ${MAX_SIZE}.` };
  return { svg: avatarSvg(seed, size) };
}

const CACHE = { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400, immutable' };

export function avatarRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // GET /www/avatar?u=&teamId=&s= - the avatar of a username or team id
  app.openapi(
    createRoute({
      method: 'get',
      path: '/www/avatar',
      tags,
      summary: 'Get an avatar by username or team',
      request: {
        query: Size.extend({ u: z.string().optional().describe('A username.'), teamId: z.string().optional() }),
      },
      responses: { 200: svg, ...errors },
    }),
    (c) => {
      const { u, teamId, s } = c.req.valid('query');
      const drawn = draw(u ?? teamId, s);
      return 'svg' in drawn ? c.body(drawn.svg, 200, CACHE) : c.json(errorBody('bad_request', drawn.error), 400);
    },
  );

  // GET /www/avatar/{id} - the avatar of a 40-hex hash or a user id
  app.openapi(
    createRoute({
      method: 'get',
      path: '/www/avatar/{id}',
      tags,
      summary: 'Get an avatar by hash or user id',
      description:
        'An uploaded avatar (its SHA-1, or the user id of someone who uploaded one) is a 256-pixel WebP; anything else is drawn.',
      request: { params: z.object({ id: pathParam('id') }), query: Size },
      responses: {
        200: { ...svg, content: { ...svg.content, 'image/webp': svg.content['image/svg+xml'] } },
        ...errors,
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      if (!/^[0-9a-f]{40}$/i.test(id) && !/^[A-Za-z0-9_]{1,64}$/.test(id))
        return c.json(errorBody('bad_request', 'The avatar path must be a 40-character hex hash or a user id.'), 400);
      const uploaded = await uploadedAvatar(c.var.options, id);
      if (uploaded) return c.body(new Uint8Array(uploaded.data), 200, uploaded.headers);
      const drawn = draw(id.toLowerCase(), c.req.valid('query').s);
      return 'svg' in drawn ? c.body(drawn.svg, 200, CACHE) : c.json(errorBody('bad_request', drawn.error), 400);
    },
  );

  return app;
}
