// What the API needs from the engine: the file store, the cipher for env values, the signer of
// deployment protection's tokens, the event bus
// (alias invalidation, wake-ups) and the size limits of uploads and deployments. The build worker is started separately
// (queue/worker.ts) by the processes that run the worker role.
import type { Cipher } from '@nimbus/db';
import { createCipher } from './crypto';
import { createEngineEvents, type EngineEvents } from './events';
import { createProtectionTokens, type ProtectionTokens } from './protection-tokens';
import type { SizeLimits } from './store/ingest';
import type { FileStore } from './store/types';

/** Largest file and largest deployment in bytes (NIMBUS_MAX_FILE_SIZE, NIMBUS_MAX_DEPLOYMENT_SIZE; defaults in the server's configuration). */
export interface Engine extends SizeLimits {
  store: FileStore;
  cipher: Cipher;
  events: EngineEvents;
  /** Signs and checks deployment protection's hand-offs and cookies (the API signs, the edge checks). */
  protectionTokens: ProtectionTokens;
}

export function createEngine(options: { store: FileStore; secret: string } & SizeLimits): Engine {
  return {
    store: options.store,
    cipher: createCipher(options.secret),
    events: createEngineEvents(),
    protectionTokens: createProtectionTokens(options.secret),
    maxFileSize: options.maxFileSize,
    maxDeploymentSize: options.maxDeploymentSize,
  };
}
