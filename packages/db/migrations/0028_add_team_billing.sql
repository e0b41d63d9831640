CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"team_id" text,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_billing" (
	"team_id" text PRIMARY KEY NOT NULL,
	"name" text,
	"email" text,
	"address" jsonb,
	"tax_id" text,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"payment_method" jsonb,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"period_end" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stripe_events" ADD CONSTRAINT "stripe_events_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_billing" ADD CONSTRAINT "team_billing_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stripe_events_team_idx" ON "stripe_events" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_billing_customer_key" ON "team_billing" USING btree ("stripe_customer_id");