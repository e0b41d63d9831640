// Public surface of @nimbus/core: pure rules shared by the server, the browser and the CLI.
export * from './accounts';
export * from './demo-popup';
export * from './duration';
export * from './leads';
export * from './link-target';
export * from './market-fit';
export * from './net-validation';
export * from './permissions';
export * from './plans';
export * from './redact';
export * from './session-constants';
export * from './slugs';
export * from './team-name';
export * from './template-path';
export * from './ui-constants';
export * from './zones';
