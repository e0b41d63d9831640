CREATE TABLE "web_daily" (
	"project_id" text NOT NULL,
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"pageviews" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"bounces" integer DEFAULT 0 NOT NULL,
	"events" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "web_daily_project_id_day_dimension_value_pk" PRIMARY KEY("project_id","day","dimension","value")
);
--> statement-breakpoint
CREATE TABLE "web_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"deployment_id" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"path" text NOT NULL,
	"route" text,
	"device" text NOT NULL,
	"browser" text NOT NULL,
	"os" text NOT NULL,
	"country" text,
	"kind" text NOT NULL,
	"event_name" text,
	"event_data" jsonb,
	"visitor" text NOT NULL,
	"referrer" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"utm_content" text,
	"utm_term" text
);
--> statement-breakpoint
CREATE TABLE "web_vitals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"deployment_id" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"path" text NOT NULL,
	"route" text,
	"device" text NOT NULL,
	"browser" text NOT NULL,
	"os" text NOT NULL,
	"country" text,
	"metric" text NOT NULL,
	"value" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "web_analytics" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "web_analytics_respect_dnt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "web_daily" ADD CONSTRAINT "web_daily_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_events" ADD CONSTRAINT "web_events_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_vitals" ADD CONSTRAINT "web_vitals_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "web_events_project_time_idx" ON "web_events" USING btree ("project_id","occurred_at");--> statement-breakpoint
CREATE INDEX "web_vitals_project_time_idx" ON "web_vitals" USING btree ("project_id","occurred_at");