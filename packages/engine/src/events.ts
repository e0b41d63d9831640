// In-process signals of the engine. `alias` (host label) fires after a production host moves or a
// host stops serving, so an edge in this process drops its cached lookup; other processes learn the
// same from PostgreSQL's `LISTEN nimbus_alias`, which the same transaction notifies on commit.
// `protection` (project id) fires after a project's deployment protection changed, so this process's
// edge drops its cached settings; other processes hold them at most PROTECTION_TTL (edge/protection.ts).
// `analytics` (project id) fires after a project's Web Analytics or Speed Insights switch changed, so
// this process's edge drops the hosts of that project; other processes learn it by LISTEN nimbus_alias
// (setAnalyticsSwitches in @nimbus/db notifies the project id).
// `queued` wakes the local worker early and `canceled` stops a local build at once; a worker in
// another process finds both by polling the database instead. `runtimeLogs` carries each batch of
// function logs just stored, so a live tail in this process shows it without asking the database.
import { EventEmitter } from 'node:events';
import type { RuntimeLog } from '@nimbus/db';

export interface EngineEventMap {
  alias: [host: string];
  protection: [projectId: string];
  analytics: [projectId: string];
  queued: [deploymentId: string];
  canceled: [deploymentId: string];
  runtimeLogs: [rows: RuntimeLog[]];
}

export type EngineEvents = EventEmitter<EngineEventMap>;

export function createEngineEvents(): EngineEvents {
  const events = new EventEmitter<EngineEventMap>();
  events.setMaxListeners(100);
  return events;
}
