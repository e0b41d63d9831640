CREATE TABLE "device_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"device_code_hash" text NOT NULL,
	"user_code" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"client_name" text NOT NULL,
	"user_id" text,
	"team_id" text,
	"interval" integer DEFAULT 5 NOT NULL,
	"last_polled_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_codes" ADD CONSTRAINT "device_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_codes" ADD CONSTRAINT "device_codes_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_codes_hash_key" ON "device_codes" USING btree ("device_code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "device_codes_user_code_key" ON "device_codes" USING btree ("user_code");--> statement-breakpoint
CREATE INDEX "device_codes_expires_idx" ON "device_codes" USING btree ("expires_at");