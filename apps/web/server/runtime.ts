// The composition root: opens the database once and builds the API on it. Next.js server code
// reaches the same instances through `globalThis`, so a PGlite directory is never opened twice.
import path from 'node:path';
import { createApi, type Api } from '@nimbus/api';
import { openDatabase, type Database } from '@nimbus/db';
import type { Config } from './config';

export interface Runtime {
  config: Config;
  database: Database;
  api: Api;
  close(): Promise<void>;
}

declare global {
  // eslint-disable-next-line no-var
  var __nimbusRuntime: Runtime | undefined;
}

export async function createRuntime(config: Config): Promise<Runtime> {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') });
  const api = createApi({
    db: database.db,
    publicUrl: config.publicUrl,
    deployDomain: config.deployDomain,
    staffTeam: config.staffTeam,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    trustProxy: config.trustProxy,
    environment: config.environment,
    marketFitUrl: config.marketFitUrl,
  });
  const runtime: Runtime = { config, database, api, close: () => database.close() };
  globalThis.__nimbusRuntime = runtime;
  return runtime;
}
