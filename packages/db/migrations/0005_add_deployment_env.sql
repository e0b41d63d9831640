ALTER TABLE "projects" ALTER COLUMN "node_version" SET DEFAULT '22.x';--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "env" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "build_env" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "projects" SET "node_version" = '22.x' WHERE "node_version" NOT IN ('24.x', '22.x');