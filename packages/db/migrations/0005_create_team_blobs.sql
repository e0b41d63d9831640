CREATE TABLE "team_blobs" (
	"team_id" text NOT NULL,
	"sha" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_blobs_team_id_sha_pk" PRIMARY KEY("team_id","sha")
);
--> statement-breakpoint
ALTER TABLE "team_blobs" ADD CONSTRAINT "team_blobs_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_blobs" ADD CONSTRAINT "team_blobs_sha_blobs_sha_fk" FOREIGN KEY ("sha") REFERENCES "public"."blobs"("sha") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "team_blobs" ("team_id", "sha")
SELECT DISTINCT d."team_id", f."sha"
FROM "deployment_files" f
JOIN "deployments" d ON d."id" = f."deployment_id"
JOIN "blobs" b ON b."sha" = f."sha"
UNION
SELECT DISTINCT d."team_id", o."sha"
FROM "deployment_outputs" o
JOIN "deployments" d ON d."id" = o."deployment_id"
JOIN "blobs" b ON b."sha" = o."sha"
ON CONFLICT DO NOTHING;
