CREATE TABLE "env_vars" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"key" text NOT NULL,
	"value_encrypted" text NOT NULL,
	"targets" jsonb NOT NULL,
	"type" text DEFAULT 'encrypted' NOT NULL,
	"comment" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"name" text NOT NULL,
	"framework" text,
	"install_command" text,
	"build_command" text,
	"output_directory" text,
	"root_directory" text,
	"dev_command" text,
	"node_version" text DEFAULT '20.x' NOT NULL,
	"speed_insights" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aliases" (
	"id" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"deployment_id" text NOT NULL,
	"project_id" text NOT NULL,
	"team_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blobs" (
	"sha" text PRIMARY KEY NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "build_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"deployment_id" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"worker_id" text,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "build_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"deployment_id" text NOT NULL,
	"type" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deployment_files" (
	"deployment_id" text NOT NULL,
	"path" text NOT NULL,
	"sha" text NOT NULL,
	"size" bigint NOT NULL,
	"mode" integer DEFAULT 33188 NOT NULL,
	CONSTRAINT "deployment_files_deployment_id_path_pk" PRIMARY KEY("deployment_id","path")
);
--> statement-breakpoint
CREATE TABLE "deployment_outputs" (
	"deployment_id" text NOT NULL,
	"path" text NOT NULL,
	"sha" text NOT NULL,
	"size" bigint NOT NULL,
	CONSTRAINT "deployment_outputs_deployment_id_path_pk" PRIMARY KEY("deployment_id","path")
);
--> statement-breakpoint
CREATE TABLE "deployments" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"team_id" text NOT NULL,
	"creator_id" text,
	"name" text NOT NULL,
	"host" text NOT NULL,
	"target" text DEFAULT 'preview' NOT NULL,
	"state" text DEFAULT 'QUEUED' NOT NULL,
	"error_code" text,
	"error_message" text,
	"source" text DEFAULT 'api' NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"project_settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"framework" text,
	"alias_assigned" boolean DEFAULT false NOT NULL,
	"alias_assigned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"building_at" timestamp with time zone,
	"ready_at" timestamp with time zone,
	"canceled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "env_vars" ADD CONSTRAINT "env_vars_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aliases" ADD CONSTRAINT "aliases_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aliases" ADD CONSTRAINT "aliases_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aliases" ADD CONSTRAINT "aliases_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "build_jobs" ADD CONSTRAINT "build_jobs_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "build_logs" ADD CONSTRAINT "build_logs_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deployment_files" ADD CONSTRAINT "deployment_files_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deployment_outputs" ADD CONSTRAINT "deployment_outputs_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deployments" ADD CONSTRAINT "deployments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deployments" ADD CONSTRAINT "deployments_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "env_vars_project_idx" ON "env_vars" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_team_name_key" ON "projects" USING btree ("team_id","name");--> statement-breakpoint
CREATE INDEX "projects_team_idx" ON "projects" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "aliases_host_key" ON "aliases" USING btree ("host");--> statement-breakpoint
CREATE INDEX "aliases_deployment_idx" ON "aliases" USING btree ("deployment_id");--> statement-breakpoint
CREATE INDEX "build_jobs_state_idx" ON "build_jobs" USING btree ("state","id");--> statement-breakpoint
CREATE UNIQUE INDEX "build_jobs_deployment_key" ON "build_jobs" USING btree ("deployment_id");--> statement-breakpoint
CREATE INDEX "build_logs_deployment_idx" ON "build_logs" USING btree ("deployment_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "deployments_host_key" ON "deployments" USING btree ("host");--> statement-breakpoint
CREATE INDEX "deployments_project_created_idx" ON "deployments" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "deployments_team_created_idx" ON "deployments" USING btree ("team_id","created_at");