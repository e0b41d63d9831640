-- Each team's number for its own host uid (NIMBUS_SANDBOX_UID_BASE + sandbox_uid, packages/engine/src/sandbox/host-user.ts).
-- A serial column added to a table with rows gives each existing team the next number of its sequence.
ALTER TABLE "teams" ADD COLUMN "sandbox_uid" serial NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "teams_sandbox_uid_key" ON "teams" USING btree ("sandbox_uid");
