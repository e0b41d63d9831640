// The three targets an environment variable can apply to (the API's ENV_TARGETS), in display order.
import type { ENV_TARGETS } from '@nimbus/core';

export type Target = (typeof ENV_TARGETS)[number];

export const TARGETS: readonly Target[] = ['production', 'preview', 'development'];

export const TARGET_LABEL: Record<Target, string> = {
  production: 'Production',
  preview: 'Preview',
  development: 'Development',
};
