import { describe, expect, it } from 'vitest';
import { isBuildInternal, isToolPath } from './deployment-files';

describe('isBuildInternal', () => {
  it.each([
    '.next/server/app/dyn/page.js',
    'node_modules/react/index.js',
    'apps/web/node_modules/x.js',
    '.git/config',
    '.vercel/project.json',
    '.env',
    '.env.local',
    '.env.production.local',
    '.envrc',
    'apps/api/.env',
  ])('never serves %s', (path) => {
    expect(isBuildInternal(path)).toBe(true);
  });

  it.each([
    'index.html',
    '.well-known/security.txt',
    'out/index.html',
    'environment.html',
    'docs/next/page.html',
    'my.env.html',
    '_next/static/chunk.js',
  ])('serves %s', (path) => {
    expect(isBuildInternal(path)).toBe(false);
  });
});

describe('isToolPath', () => {
  it('drops tool folders from an upload but keeps .env files, which builds read', () => {
    expect(isToolPath('packages/ui/node_modules/x.js')).toBe(true);
    expect(isToolPath('.next/cache/x')).toBe(true);
    expect(isToolPath('.env')).toBe(false);
    expect(isToolPath('src/index.ts')).toBe(false);
  });
});
