// Git deployments: deploy hooks, secret URLs that deploy a branch of a project's git remote.
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { projects } from './projects';
import { teams } from './teams';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Vercel's deploy hooks (`link.deployHooks`): the secret sealed for showing again, its SHA-256 to find it. */
export const deployHooks = pgTable(
  'deploy_hooks',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The branch the hook deploys. */
    ref: text('ref').notNull(),
    /** base64(iv ‖ tag ‖ ciphertext) under the key derived from NIMBUS_SECRET. */
    secretSealed: text('secret_sealed').notNull(),
    secretSha256: text('secret_sha256').notNull(),
    createdBy: text('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('deploy_hooks_secret_key').on(t.secretSha256), index('deploy_hooks_project_idx').on(t.projectId)],
);
