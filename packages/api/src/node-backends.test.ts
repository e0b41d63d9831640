// Node.js server frameworks deployed zero-config, as Vercel's docs write them: no vercel.json, no
// build command, the app listening on a port. `vercel build` in the sandbox picks Vercel's own
// builder for each (@vercel/fastify, @vercel/koa ...), and the edge serves every path through the
// app's one function. Express and Hono are in the real-apps matrix (test/apps) with Vercel's starters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFunctionsTestServer } from './functions-testing';

let t: Awaited<ReturnType<typeof createFunctionsTestServer>>;
let token: string;

beforeAll(async () => {
  t = await createFunctionsTestServer();
  ({ token } = await t.signup('backends@example.com', 'Backend User'));
}, 60_000);
afterAll(() => t?.close());

async function deploy(name: string, files: Record<string, string>) {
  const res = await t.deploy(token, files, { name });
  expect(res.status).toBe(200);
  const done = await t.waitFor(token, res.json.id, ['READY', 'ERROR'], 280_000);
  const log = await t.logText(token, res.json.id);
  expect(done.readyState, log).toBe('READY');
  return { log, host: String(done.url).replace(/\.localhost.*$/, '') };
}

const pkg = (dependencies: Record<string, string>) =>
  JSON.stringify({ name: 'backend', private: true, type: 'module', dependencies });

describe('Node.js backends, zero-config', () => {
  it('a Fastify app that listens on a port', { timeout: 300_000 }, async () => {
    const { log, host } = await deploy('fastify-app', {
      'package.json': pkg({ fastify: '^5.0.0' }),
      'src/index.js': `import Fastify from 'fastify';
const app = Fastify();
app.get('/', async () => ({ hello: 'fastify' }));
app.get('/users/:id', async (request) => ({ id: request.params.id, q: request.query.q }));
app.listen({ port: 3000 });
`,
    });
    expect(log).toContain('Detected framework: fastify.');
    expect(JSON.parse((await t.fetchHost(host, '/')).text)).toEqual({ hello: 'fastify' });
    expect(JSON.parse((await t.fetchHost(host, '/users/7?q=x')).text)).toEqual({ id: '7', q: 'x' });
    expect((await t.fetchHost(host, '/nothing-here')).status).toBe(404);
  });

  it('a Koa app that listens on a port', { timeout: 300_000 }, async () => {
    const { log, host } = await deploy('koa-app', {
      'package.json': pkg({ koa: '^3.0.0' }),
      'index.js': `import Koa from 'koa';
const app = new Koa();
app.use((ctx) => {
  ctx.body = 'Hello Koa at ' + ctx.path;
});
app.listen(3000);
`,
    });
    expect(log).toContain('Detected framework: koa.');
    const r = await t.fetchHost(host, '/any/path');
    expect(r.status).toBe(200);
    expect(r.text).toBe('Hello Koa at /any/path');
  });

  it('a NestJS app written in TypeScript with decorators', { timeout: 300_000 }, async () => {
    const { log, host } = await deploy('nest-app', {
      'package.json': JSON.stringify({
        name: 'nest-app',
        private: true,
        dependencies: {
          '@nestjs/common': '^11.0.0',
          '@nestjs/core': '^11.0.0',
          '@nestjs/platform-express': '^11.0.0',
          'reflect-metadata': '^0.2.0',
          rxjs: '^7.8.0',
        },
      }),
      'tsconfig.json': JSON.stringify({
        compilerOptions: {
          module: 'commonjs',
          target: 'ES2021',
          experimentalDecorators: true,
          emitDecoratorMetadata: true,
          outDir: './dist',
        },
      }),
      'src/main.ts': `import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';

async function bootstrap() {
  const app = await NestFactory.create(AppModule);
  await app.listen(3000);
}
bootstrap();
`,
      'src/app.module.ts': `import { Module } from '@nestjs/common';
import { AppController } from './app.controller';

@Module({ controllers: [AppController] })
export class AppModule {}
`,
      'src/app.controller.ts': `import { Controller, Get, Param } from '@nestjs/common';

@Controller()
export class AppController {
  @Get()
  hello() {
    return { hello: 'nest' };
  }

  @Get('cats/:name')
  cat(@Param('name') name: string) {
    return { cat: name };
  }
}
`,
    });
    expect(log).toContain('Detected framework: nestjs.');
    expect(JSON.parse((await t.fetchHost(host, '/')).text)).toEqual({ hello: 'nest' });
    expect(JSON.parse((await t.fetchHost(host, '/cats/tom')).text)).toEqual({ cat: 'tom' });
  });
});
