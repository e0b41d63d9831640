CREATE TABLE "activity_events" (
	"id" text PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"record" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "activity_events_topic_created_idx" ON "activity_events" USING btree ("topic","created_at");