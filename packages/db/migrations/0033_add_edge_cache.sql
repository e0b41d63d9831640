CREATE TABLE "edge_cache" (
	"deployment_id" text NOT NULL,
	"project_id" text NOT NULL,
	"key" text NOT NULL,
	"variant" text DEFAULT '' NOT NULL,
	"vary" text[] DEFAULT '{}' NOT NULL,
	"sha" text NOT NULL,
	"status" integer NOT NULL,
	"headers" jsonb NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"stored_at" timestamp with time zone NOT NULL,
	"max_age" integer NOT NULL,
	"stale_while_revalidate" integer DEFAULT 0 NOT NULL,
	"stale_if_error" integer DEFAULT 0 NOT NULL,
	"invalidated_at" timestamp with time zone,
	"refreshing_until" timestamp with time zone,
	CONSTRAINT "edge_cache_deployment_id_key_variant_pk" PRIMARY KEY("deployment_id","key","variant")
);
--> statement-breakpoint
ALTER TABLE "edge_cache" ADD CONSTRAINT "edge_cache_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "edge_cache_tags_idx" ON "edge_cache" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "edge_cache_project_idx" ON "edge_cache" USING btree ("project_id");