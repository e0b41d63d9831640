CREATE TABLE "runtime_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"deployment_id" text NOT NULL,
	"project_id" text NOT NULL,
	"team_id" text NOT NULL,
	"request_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"level" text NOT NULL,
	"source" text NOT NULL,
	"method" text,
	"path" text,
	"status" integer,
	"duration_ms" integer,
	"cold" boolean,
	"memory_mb" integer,
	"function_path" text,
	"message" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "runtime_logs" ADD CONSTRAINT "runtime_logs_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "runtime_logs_project_idx" ON "runtime_logs" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "runtime_logs_deployment_idx" ON "runtime_logs" USING btree ("deployment_id","id");--> statement-breakpoint
CREATE INDEX "runtime_logs_project_status_idx" ON "runtime_logs" USING btree ("project_id","status","id");--> statement-breakpoint
CREATE INDEX "runtime_logs_project_level_idx" ON "runtime_logs" USING btree ("project_id","level","id");--> statement-breakpoint
CREATE INDEX "runtime_logs_team_created_idx" ON "runtime_logs" USING btree ("team_id","created_at");