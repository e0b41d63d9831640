CREATE TABLE "usage_daily" (
	"team_id" text NOT NULL,
	"project_id" text NOT NULL,
	"metric" text NOT NULL,
	"day" date NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "usage_daily_team_id_day_metric_project_id_pk" PRIMARY KEY("team_id","day","metric","project_id")
);
--> statement-breakpoint
ALTER TABLE "usage_daily" ADD CONSTRAINT "usage_daily_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;