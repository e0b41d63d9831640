// The upgrade modal's analytics (docs/spec.md §3, §4): opening starts an analytics scope; the modal ends either
// abandoned (closed without a plan change, time in the modal recorded) or converted (the plan
// change recorded). Every field of docs/spec.md §3 is always present: booleans default to false and counts
// to 0, so reports never have to guess what a missing field meant.
export type TrialBehavior = 'trial' | 'no-trial';
export type UpgradeMode = 'default' | 'trial-ended';

export interface UpgradeOpenInput {
  /** Where the modal was opened from, e.g. 'billing-settings' or 'command-menu'. */
  source: string;
  trialBehavior?: TrialBehavior;
  mode?: UpgradeMode;
  /** The team (id or slug) to preselect. */
  teamHint?: string | null;
}

/** What the modal remembers between opening and its end; cleared when it closes. */
export interface UpgradeScope {
  source: string;
  mode: UpgradeMode;
  teamHint: string | null;
  desiredTrialBehavior: TrialBehavior;
  openedAt: number;
}

export function openScope(input: UpgradeOpenInput, now: number): UpgradeScope {
  return {
    source: input.source,
    mode: input.mode ?? 'default',
    teamHint: input.teamHint ?? null,
    desiredTrialBehavior: input.trialBehavior ?? 'trial',
    openedAt: now,
  };
}

/** The add-ons and seats in the cart; all optional, all defaulted. */
export interface Cart {
  cartTotal?: number;
  newTeamMembers?: number;
  reactivatedTeamMembers?: number;
  existingTeamMembers?: number;
  speedInsights?: number;
  additionalConcurrentBuilds?: number;
  previewDeploymentSuffix?: boolean;
  passwordProtection?: boolean;
  monitoring?: boolean;
}

export interface UpgradeEnd {
  actorId: string;
  team: { id: string; createdAt: number; plan: string } | null;
  cart: Cart;
  /** The plan change's answer; absent when the modal was abandoned. */
  conversion?: { priorPlan: string; newPlan: string; conversionType: 'trial' | 'paid' | 'downgrade' };
}

export const UPGRADE_TOPIC = 'upgrade_modal';

export function upgradeEvent(scope: UpgradeScope, end: UpgradeEnd, now: number) {
  const { conversion, cart, team } = end;
  return {
    outcome: conversion ? ('converted' as const) : ('abandoned' as const),
    mode: scope.mode,
    source: scope.source,
    teamHint: scope.teamHint,
    desiredTrialBehavior: scope.desiredTrialBehavior,
    actualTrialBehavior: conversion ? (conversion.conversionType === 'trial' ? 'trial' : 'no-trial') : null,
    conversionType: conversion?.conversionType ?? null,
    actorId: end.actorId,
    teamId: team?.id ?? null,
    teamCreatedAt: team?.createdAt ?? null,
    priorPlan: conversion?.priorPlan ?? team?.plan ?? null,
    newPlan: conversion?.newPlan ?? null,
    cartTotal: cart.cartTotal ?? 0,
    timeInModalMs: Math.max(0, now - scope.openedAt),
    newTeamMembers: cart.newTeamMembers ?? 0,
    reactivatedTeamMembers: cart.reactivatedTeamMembers ?? 0,
    existingTeamMembers: cart.existingTeamMembers ?? 0,
    speedInsights: cart.speedInsights ?? 0,
    additionalConcurrentBuilds: cart.additionalConcurrentBuilds ?? 0,
    previewDeploymentSuffix: cart.previewDeploymentSuffix ?? false,
    passwordProtection: cart.passwordProtection ?? false,
    monitoring: cart.monitoring ?? false,
  };
}

export type UpgradeEvent = ReturnType<typeof upgradeEvent>;
