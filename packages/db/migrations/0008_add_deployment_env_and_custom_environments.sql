CREATE TABLE "custom_environments" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"branch_matcher" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ALTER COLUMN "node_version" SET DEFAULT '22.x';--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "custom_environment_id" text;--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "env" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "build_env" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "env_vars" ADD COLUMN "custom_environment_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_environments" ADD CONSTRAINT "custom_environments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_environments_project_slug_key" ON "custom_environments" USING btree ("project_id","slug");--> statement-breakpoint
UPDATE "projects" SET "node_version" = '22.x' WHERE "node_version" NOT IN ('24.x', '22.x');
