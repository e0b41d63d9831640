CREATE TABLE "plan_history" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"plan" text NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"trial_end" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "pending_signups" ADD COLUMN "attribution" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "attribution" jsonb;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "attribution" jsonb;--> statement-breakpoint
ALTER TABLE "plan_history" ADD CONSTRAINT "plan_history_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_history_team_started_idx" ON "plan_history" USING btree ("team_id","started_at");--> statement-breakpoint-- Teams made before the history existed start it with their current plan, since it began.
INSERT INTO "plan_history" ("id", "team_id", "plan", "status", "started_at", "trial_end")
SELECT 'plh_' || md5("id"), "id", "plan", "billing_status", COALESCE("trial_start", "plan_started_at"), "trial_end" FROM "teams";
