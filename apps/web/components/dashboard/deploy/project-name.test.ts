import { describe, expect, it } from 'vitest';
import { projectNameFrom, projectNameProblem } from './project-name';

describe('projectNameFrom', () => {
  it.each([
    ['My Site', 'my-site'],
    ['site_v2.final', 'site_v2.final'],
    ['Café   Déjà---vu!', 'cafe-deja--vu'],
    ['---', 'my-site'],
    ['.hidden-folder.', 'hidden-folder'],
  ])('turns the folder %j into the valid project name %j', (folder, name) => {
    expect(projectNameFrom(folder)).toBe(name);
    expect(projectNameProblem(name)).toBeNull();
  });

  it('keeps names to 100 characters', () => {
    expect(projectNameFrom('a'.repeat(150))).toHaveLength(100);
  });

  it('explains what a valid name is when the user types an invalid one', () => {
    expect(projectNameProblem('Has Spaces')).toMatch(/lower-case letters/);
    expect(projectNameProblem('a---b')).toMatch(/without “---”/);
  });
});
