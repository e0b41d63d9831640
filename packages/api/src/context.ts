// What every API handler can reach: the database and the options the composition root passes in.
// The option and scope types live with the services (services/options.ts), which never import this file.

import type { Token, User } from '@nimbus/db';
import type { ServiceContext } from './services/context';
import type { ApiOptions } from './services/options';

export type { ApiOptions, FunctionLimits, Scope, ServerErrorReport, StripeSettings } from './services/options';

export type AppEnv = {
  Variables: {
    options: ApiOptions;
    user: User;
    token: Token | null;
    /** How the caller authenticated: a bearer token, or the browser session cookie. */
    via: 'token' | 'session';
    /** What services take: built once per request after authentication (services/context.ts). */
    ctx: ServiceContext;
  };
};
