CREATE TABLE "search_events" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"event_type" text NOT NULL,
	"event_subtype" text,
	"event_name" text NOT NULL,
	"index_name" text NOT NULL,
	"user_token" text NOT NULL,
	"authenticated_user_token" text,
	"query_id" text,
	"object_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"positions" jsonb,
	"filters" jsonb,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"company" text NOT NULL,
	"company_size" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"source_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_events_index_type_idx" ON "search_events" USING btree ("index_name","event_type","occurred_at");--> statement-breakpoint
CREATE INDEX "search_events_query_idx" ON "search_events" USING btree ("query_id");--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at");