import { describe, expect, it } from 'vitest';
import { functionMemory } from './function-memory';

const server = { defaultMb: 1024, maxMb: 4096 };

describe('function memory', () => {
  it.each([
    ['a Hobby function asking 16384 MB gets 2048 MB, lowered by its plan', 16384, 'hobby', server, 2048, 'plan'],
    ['a Pro function asking 16384 MB gets 4096 MB', 16384, 'pro', server, 4096, 'plan'],
    ['a Pro function asking 3009 MB gets it', 3009, 'pro', server, 3009, null],
    ['a function asking nothing gets the default', undefined, 'hobby', server, 1024, null],
    [
      'the server cap lowers an Enterprise function below its plan',
      4096,
      'enterprise',
      { defaultMb: 1024, maxMb: 3072 },
      3072,
      'server',
    ],
    ['a default above the plan is lowered too', undefined, 'hobby', { defaultMb: 3072, maxMb: 8192 }, 2048, 'plan'],
    ['with no plan only the server caps', 16384, undefined, server, 4096, 'server'],
  ] as const)('%s', (_name, asked, plan, settings, mb, loweredBy) => {
    expect(functionMemory(asked, plan, settings)).toEqual({ mb, loweredBy });
  });
});
