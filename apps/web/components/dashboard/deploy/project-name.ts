// A valid project name from a folder or archive name, by the API's rule (lower-case letters, digits,
// ".", "_", "-", at most 100, no "---"), the way the CLIs derive one from the current folder;
// accents are dropped rather than turned into dashes (Café → cafe).
export function projectNameFrom(folder: string): string {
  const name = folder
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/-{3,}/g, '--')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 100);
  return name || 'my-site';
}

const PROJECT_NAME = /^[a-z0-9._-]{1,100}$/;

export function projectNameProblem(name: string): string | null {
  if (!PROJECT_NAME.test(name) || name.includes('---'))
    return 'Use up to 100 lower-case letters, digits, “.”, “_” or “-”, without “---”.';
  return null;
}
