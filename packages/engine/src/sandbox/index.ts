// Isolation for every process Nimbus runs on behalf of a user: builds now, function runners later.
export { checkSandbox, type SandboxStatus, sandboxRefusal, sandboxStatus } from './check';
export * from './options';
export { runSandboxed } from './run';
export { sweepLeftovers } from './sweep';
