// What the API needs from the engine: the file store, the cipher for env values, the event bus
// (alias invalidation, wake-ups) and the upload limit. The build worker is started separately
// (queue/worker.ts) by the processes that run the worker role.
import type { Cipher } from '@nimbus/db';
import { createCipher } from './crypto';
import { createEngineEvents, type EngineEvents } from './events';
import type { FileStore } from './store/types';

export interface Engine {
  store: FileStore;
  cipher: Cipher;
  events: EngineEvents;
  /** Largest accepted upload in bytes (NIMBUS_MAX_FILE_SIZE, whose default lives in the server's configuration). */
  maxFileSize: number;
}

export function createEngine(options: { store: FileStore; secret: string; maxFileSize: number }): Engine {
  return {
    store: options.store,
    cipher: createCipher(options.secret),
    events: createEngineEvents(),
    maxFileSize: options.maxFileSize,
  };
}
