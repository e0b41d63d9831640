CREATE TABLE "risk_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"score" integer NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"signals" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"user_id" text,
	"outcome" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "server_errors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	"message" text NOT NULL,
	"stack" text DEFAULT '' NOT NULL,
	"request_id" text,
	"trace_id" text,
	"method" text,
	"path" text
);
--> statement-breakpoint
CREATE TABLE "trace_spans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"trace_id" text NOT NULL,
	"span_id" text NOT NULL,
	"parent_span_id" text,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"duration_us" integer NOT NULL,
	"status" text NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "risk_sessions_updated_idx" ON "risk_sessions" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "risk_sessions_user_idx" ON "risk_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "server_errors_created_idx" ON "server_errors" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "server_errors_trace_idx" ON "server_errors" USING btree ("trace_id");--> statement-breakpoint
CREATE INDEX "trace_spans_trace_idx" ON "trace_spans" USING btree ("trace_id");--> statement-breakpoint
CREATE INDEX "trace_spans_started_idx" ON "trace_spans" USING btree ("started_at");