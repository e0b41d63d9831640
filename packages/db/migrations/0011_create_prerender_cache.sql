CREATE TABLE "cron_runs" (
	"deployment_id" text NOT NULL,
	"project_id" text NOT NULL,
	"path" text NOT NULL,
	"schedule" text NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"status" integer,
	"duration_ms" integer,
	CONSTRAINT "cron_runs_deployment_id_path_scheduled_at_pk" PRIMARY KEY("deployment_id","path","scheduled_at")
);
--> statement-breakpoint
CREATE TABLE "prerender_cache" (
	"deployment_id" text NOT NULL,
	"key" text NOT NULL,
	"sha" text,
	"status" integer DEFAULT 200 NOT NULL,
	"headers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"generated_at" timestamp with time zone,
	"regenerating_until" timestamp with time zone,
	CONSTRAINT "prerender_cache_deployment_id_key_pk" PRIMARY KEY("deployment_id","key")
);
--> statement-breakpoint
ALTER TABLE "cron_runs" ADD CONSTRAINT "cron_runs_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prerender_cache" ADD CONSTRAINT "prerender_cache_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cron_runs_project_idx" ON "cron_runs" USING btree ("project_id","scheduled_at");