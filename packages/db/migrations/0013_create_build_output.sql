CREATE TABLE "deployment_functions" (
	"deployment_id" text NOT NULL,
	"path" text NOT NULL,
	"config" jsonb NOT NULL,
	"files" jsonb NOT NULL,
	"bundle" text NOT NULL,
	CONSTRAINT "deployment_functions_deployment_id_path_pk" PRIMARY KEY("deployment_id","path")
);
--> statement-breakpoint
CREATE TABLE "deployment_prerenders" (
	"deployment_id" text NOT NULL,
	"path" text NOT NULL,
	"config" jsonb NOT NULL,
	"fallback" jsonb,
	"content_type" text,
	CONSTRAINT "deployment_prerenders_deployment_id_path_pk" PRIMARY KEY("deployment_id","path")
);
--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "build_output" jsonb;--> statement-breakpoint
ALTER TABLE "deployment_functions" ADD CONSTRAINT "deployment_functions_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deployment_prerenders" ADD CONSTRAINT "deployment_prerenders_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;