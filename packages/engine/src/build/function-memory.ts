// What the build log says about functions whose `.vc-config.json` asks for more memory than they
// will get: the runner pool caps it by the team's plan and the server (@nimbus/core functionMemory),
// and the person deploying hears it here rather than from a function stopped at a limit it never named.
import { type FunctionConfig, type FunctionMemorySettings, functionMemory, PLANS, type PlanId } from '@nimbus/core';

/** Functions named in one line before the rest are counted. */
const NAMED = 5;

/** One warning line per distinct lowering (asked, granted, why), naming its functions. */
export function loweredMemoryLines(
  functions: { path: string; config: FunctionConfig }[],
  plan: PlanId,
  settings: FunctionMemorySettings,
): string[] {
  const groups = new Map<string, { asked: number; mb: number; why: 'plan' | 'server'; paths: string[] }>();
  for (const fn of functions) {
    const asked = fn.config.memory;
    if (asked === undefined) continue;
    const { mb, loweredBy } = functionMemory(asked, plan, settings);
    if (!loweredBy) continue;
    const key = `${asked}:${mb}:${loweredBy}`;
    const group = groups.get(key) ?? { asked, mb, why: loweredBy, paths: [] };
    group.paths.push(fn.path);
    groups.set(key, group);
  }
  return [...groups.values()].map(({ asked, mb, why, paths }) => {
    const more = paths.length - NAMED;
    const names = paths.slice(0, NAMED).join(', ') + (more > 0 ? ` and ${more} more` : '');
    const who = paths.length === 1 ? `Function ${names} asks` : `Functions ${names} ask`;
    const allows =
      why === 'plan'
        ? `the ${PLANS[plan].name} plan allows ${mb} MB`
        : `this server allows ${mb} MB (NIMBUS_FUNCTION_MEMORY_MAX)`;
    return `${who} for ${asked} MB; ${allows}, so ${paths.length === 1 ? 'it runs' : 'they run'} with ${mb} MB.`;
  });
}
