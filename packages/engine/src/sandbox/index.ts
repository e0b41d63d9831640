// Isolation for every process Nimbus runs on behalf of a user: builds now, function runners later.
export { checkSandbox, type SandboxStatus, sandboxRefusal, sandboxStatus } from './check';
export { SANDBOX_UID_BASE_DEFAULT, SANDBOX_UID_BASE_MIN, teamHostUid } from './host-user';
export * from './options';
export { runSandboxed } from './run';
export { sweepLeftovers } from './sweep';
