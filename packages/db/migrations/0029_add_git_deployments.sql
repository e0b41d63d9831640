CREATE TABLE "deploy_hooks" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"team_id" text NOT NULL,
	"name" text NOT NULL,
	"ref" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"secret_sha256" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "production_branch" text DEFAULT 'main' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "command_for_ignoring_build_step" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "git_link" jsonb;--> statement-breakpoint
ALTER TABLE "deploy_hooks" ADD CONSTRAINT "deploy_hooks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deploy_hooks" ADD CONSTRAINT "deploy_hooks_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deploy_hooks_secret_key" ON "deploy_hooks" USING btree ("secret_sha256");--> statement-breakpoint
CREATE INDEX "deploy_hooks_project_idx" ON "deploy_hooks" USING btree ("project_id");