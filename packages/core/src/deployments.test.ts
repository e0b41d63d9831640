import { describe, expect, it } from 'vitest';
import {
  FALLBACK_PROJECT_NAME,
  frameworkProblem,
  isFramework,
  isTerminalState,
  projectNameFrom,
  projectNameProblem,
} from './deployments';

describe('projectNameFrom', () => {
  it.each([
    ['My Site', 'my-site'],
    ['Café', 'cafe'],
    ['Café   Déjà---vu!', 'cafe-deja-vu'],
    ['my---site', 'my-site'],
    ['site_v2.final', 'site_v2.final'],
    ['.hidden-folder.', 'hidden-folder'],
    ['Ünïcödé Straße', 'unicode-stra-e'],
    ['---', FALLBACK_PROJECT_NAME],
    ['日本語', FALLBACK_PROJECT_NAME],
    ['', FALLBACK_PROJECT_NAME],
  ])('turns the folder %j into the valid project name %j', (folder, name) => {
    expect(projectNameFrom(folder)).toBe(name);
    expect(projectNameProblem(name)).toBeNull();
  });

  it('keeps names to 100 characters without a dash at the cut', () => {
    expect(projectNameFrom('a'.repeat(150))).toHaveLength(100);
    const cut = projectNameFrom(`${'a'.repeat(99)} b`);
    expect(cut).toBe('a'.repeat(99));
    expect(projectNameProblem(cut)).toBeNull();
  });

  it('derives a name the API accepts from any folder', () => {
    for (const folder of ['a--b', 'x - - y', '__init__', 'A.B-C_D', '-.-_x_-.-', `${'ab-'.repeat(40)}`]) {
      expect(projectNameProblem(projectNameFrom(folder))).toBeNull();
    }
  });
});

describe('projectNameProblem', () => {
  it('explains the rule for a name the API rejects', () => {
    expect(projectNameProblem('Has Spaces')).toMatch(/lower-case letters/);
    expect(projectNameProblem('a---b')).toMatch(/without "---"/);
    expect(projectNameProblem('x'.repeat(101))).toMatch(/up to 100/);
    expect(projectNameProblem('my-site')).toBeNull();
  });
});

describe('frameworks and states', () => {
  it('knows the frameworks Nimbus builds and the slugs the vercel CLI sends, and nothing else', () => {
    expect(isFramework('vite')).toBe(true);
    expect(isFramework('gatsby')).toBe(true);
    expect(isFramework('rails')).toBe(false);
    // Back-end frameworks of Vercel's list, which `vercel build` builds into functions.
    for (const slug of ['express', 'hono', 'fastify', 'nestjs', 'nitro', 'fastapi', 'flask', 'nuxtjs', 'sveltekit'])
      expect(isFramework(slug), slug).toBe(true);
    expect(frameworkProblem('rails')).toMatch(
      /"rails" is not a framework Nimbus knows: use a slug of Vercel's framework list \(such as nextjs/,
    );
  });

  it('treats READY, ERROR and CANCELED as final', () => {
    expect(['QUEUED', 'BUILDING', 'READY', 'ERROR', 'CANCELED'].map(isTerminalState)).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
  });
});
