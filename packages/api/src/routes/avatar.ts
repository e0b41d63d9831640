// GET /www/avatar - a deterministic generated avatar (spec 2, 3): `u` username, `teamId`, `s` size in
// pixels (twice the display size; default 80), or a 40-hex hash or user id as a path segment.
// Generated as SVG here because no avatar library draws from an arbitrary seed without a network call.
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { errorBody } from '../errors';

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

export function avatarRoutes() {
  const app = new Hono<AppEnv>();
  const serve = (seed: string | undefined, sizeParam: string | undefined) => {
    const size = sizeParam === undefined ? DEFAULT_SIZE : Number(sizeParam);
    if (!seed)
      return Response.json(errorBody('bad_request', 'Pass u (username), teamId, or a hash or user id in the path.'), {
        status: 400,
      });
    if (!Number.isInteger(size) || size < 1 || size > MAX_SIZE) {
      return Response.json(errorBody('bad_request', `s must be a whole number of pixels from 1 to ${MAX_SIZE}.`), {
        status: 400,
      });
    }
    return new Response(avatarSvg(seed, size), {
      headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400, immutable' },
    });
  };
  app.get('/www/avatar', (c) => serve(c.req.query('u') ?? c.req.query('teamId'), c.req.query('s')));
  app.get('/www/avatar/:id', (c) => {
    const id = c.req.param('id');
    if (!/^[0-9a-f]{40}$/i.test(id) && !/^[A-Za-z0-9_]{1,64}$/.test(id)) {
      return c.json(errorBody('bad_request', 'The avatar path must be a 40-character hex hash or a user id.'), 400);
    }
    return serve(id.toLowerCase(), c.req.query('s'));
  });
  return app;
}
