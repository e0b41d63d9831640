// Team-name rule of docs/spec.md §5, shared so the form and the API reject exactly the same names.

export const TEAM_NAME_MAX = 256;
export const TEAM_NAME_REQUIRED = 'Team name is required';
export const TEAM_NAME_INVALID =
  'Team names must be composed only of letters, numbers, spaces, underscore or dash, and not be empty.';

// Latin-1 letters minus × and ÷, then Latin Extended-A and -B, so accented names are accepted.
const TEAM_NAME_PATTERN = new RegExp(`^[A-Za-z0-9À-ÖØ-öø-ÿ\\u0100-\\u024F _'-]{1,${TEAM_NAME_MAX}}$`);

/** Returns the error message for an invalid team name, or null when it is valid. */
export function validateTeamName(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return TEAM_NAME_REQUIRED;
  return TEAM_NAME_PATTERN.test(trimmed) ? null : TEAM_NAME_INVALID;
}
