ALTER TABLE "projects" ADD COLUMN "sso_protection" jsonb;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "password_protection" jsonb;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "protection_password_hash" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "protection_bypass" jsonb DEFAULT '[]'::jsonb NOT NULL;