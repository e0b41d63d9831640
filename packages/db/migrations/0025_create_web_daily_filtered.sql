CREATE TABLE "web_daily_filtered" (
	"project_id" text NOT NULL,
	"day" date NOT NULL,
	"filter_dimension" text NOT NULL,
	"filter_value" text NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"pageviews" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"bounces" integer DEFAULT 0 NOT NULL,
	"events" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "web_daily_filtered_pk" PRIMARY KEY("project_id","filter_dimension","filter_value","day","dimension","value")
);
--> statement-breakpoint
ALTER TABLE "web_daily_filtered" ADD CONSTRAINT "web_daily_filtered_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "web_daily_filtered_day_idx" ON "web_daily_filtered" USING btree ("day");