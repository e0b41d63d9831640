// The public site claims no feature a user cannot find and use (docs/architecture.md, "The web app
// and its zones"): every content file, public page source, the plan catalogue and the API
// reference's schemas against the deny-list.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unavailableClaims } from './unavailable-features';

const WEB = join(__dirname, '..');
const PUBLIC_SOURCES = [
  'content',
  'app/(marketing)',
  'app/(docs)',
  'app/(academy)',
  'app/(ship)',
  'app/(design)',
  'components/marketing',
  '../../packages/core/src/plans.ts',
  // The API reference (/docs/api-reference) is rendered from the routes' schemas.
  '../../packages/api/src/schemas',
  '../../packages/api/src/routes',
];

function files(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).flatMap((name) => files(join(path, name)));
}

describe('the public site', () => {
  it('claims no unavailable feature in its content, pages or plans', () => {
    const sources = PUBLIC_SOURCES.flatMap((dir) => files(join(WEB, dir))).filter(
      (file) => /\.(mdx|tsx?)$/.test(file) && !file.endsWith('.test.ts'),
    );
    expect(sources.length).toBeGreaterThan(40);
    const claims = sources.flatMap((file) =>
      unavailableClaims(readFileSync(file, 'utf8')).map((claim) => `${relative(WEB, file)}: ${claim}`),
    );
    expect(claims).toEqual([]);
  });

  it('catches the claims it lists and lets honest mentions through', () => {
    // Custom domains ship, verified by DNS, served by the edge and over HTTPS through Caddy.
    expect(unavailableClaims('Custom domains with automatic HTTPS')).toEqual([]);
    expect(unavailableClaims('The WAF is available today on every plan.')).toHaveLength(2);
    expect(unavailableClaims('Nimbus has no Git integration: deploy with the CLI.')).toEqual([]);
    expect(unavailableClaims('Run npm install -g nimbus, then nimbus deploy.')).toHaveLength(1);
    expect(unavailableClaims('npm install -g https://nimbus.example.com/cli/nimbus.tgz')).toEqual([]);
    expect(unavailableClaims('npm i nimbus-cli')).toEqual([]);
    expect(unavailableClaims('Nimbus optimizes remote images, and external rewrites are supported.')).toHaveLength(2);
    expect(unavailableClaims('Remote images are refused; a rewrite to another origin answers 502.')).toEqual([]);
    // Functions ship: saying so is no longer a claim to refuse.
    expect(unavailableClaims('Nimbus runs your serverless functions and edge functions.')).toEqual([]);
  });
});
