CREATE TABLE "idempotency_key" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"user_id" integer,
	"request_hash" text NOT NULL,
	"status_code" smallint,
	"response_headers" jsonb,
	"response_body" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_key_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
DROP INDEX "rating_media_media_uq";--> statement-breakpoint
DROP INDEX "rating_media_rating_idx";--> statement-breakpoint
ALTER TABLE "teaching_class" ADD COLUMN "default_points" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "rating_media" ADD COLUMN "updated" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "rating" ADD COLUMN "observation" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_key" ADD CONSTRAINT "idempotency_key_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_key_created_idx" ON "idempotency_key" USING btree ("created");--> statement-breakpoint
CREATE INDEX "idempotency_key_user_idx" ON "idempotency_key" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rating_media_uq" ON "rating_media" USING btree ("rating_id","media_id");--> statement-breakpoint
CREATE INDEX "rating_media_media_idx" ON "rating_media" USING btree ("media_id");--> statement-breakpoint
CREATE INDEX "rating_observation_idx" ON "rating" USING btree ("teaching_class_id","observation");