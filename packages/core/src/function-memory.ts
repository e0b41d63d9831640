// The memory a function runs with. A function names its own in `.vc-config.json` (`memory`, from
// `functions` in vercel.json), so what it asks is capped: by its team's plan (Hobby 2048 MB, Pro and
// Enterprise 4096 MB, as on Vercel) and by the server (NIMBUS_FUNCTION_MEMORY_MAX). The runner pool
// applies it, the build log says when it lowered what a function asked, the API shows the result.
import { PLANS, type PlanId } from './plans';

export interface FunctionMemorySettings {
  /** MB when the function names none (NIMBUS_FUNCTION_MEMORY). */
  defaultMb: number;
  /** MB no function runs above, whatever its plan (NIMBUS_FUNCTION_MEMORY_MAX). */
  maxMb: number;
}

export interface FunctionMemory {
  mb: number;
  /** What lowered the memory below what the function (or the default) asked for, if anything did. */
  loweredBy: 'plan' | 'server' | null;
}

/** A function's memory: what it asks (else the server's default), at most its plan's and the server's cap. */
export function functionMemory(
  asked: number | undefined,
  plan: PlanId | undefined,
  settings: FunctionMemorySettings,
): FunctionMemory {
  const wanted = asked ?? settings.defaultMb;
  const planMax = plan ? PLANS[plan].limits.functionMemoryMb : Infinity;
  const mb = Math.min(wanted, planMax, settings.maxMb);
  if (mb === wanted) return { mb, loweredBy: null };
  return { mb, loweredBy: planMax <= settings.maxMb ? 'plan' : 'server' };
}
