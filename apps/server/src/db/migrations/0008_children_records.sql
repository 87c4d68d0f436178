CREATE TABLE "access_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"student_id" integer NOT NULL,
	"teaching_class_id" integer,
	"action" text NOT NULL,
	"detail" text,
	"address" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "student_profile_user_uq";--> statement-breakpoint
DROP INDEX "student_profile_user_place_idx";--> statement-breakpoint
DROP INDEX "student_profile_user_invitation_pending_uq";--> statement-breakpoint
-- Links become per class (DESIGN §2). A link made without a place (seed, administrator) is kept for the student's
-- first place only; one whose student has no place left links to nothing and goes.
UPDATE "student_profile_user" spu SET "teaching_class_student_id" = (
  SELECT tcs."id" FROM "teaching_class_student" tcs WHERE tcs."student_id" = spu."student_id" ORDER BY tcs."id" LIMIT 1
) WHERE spu."teaching_class_student_id" IS NULL;--> statement-breakpoint
DELETE FROM "student_profile_user" WHERE "teaching_class_student_id" IS NULL;--> statement-breakpoint
ALTER TABLE "student_profile_user" ALTER COLUMN "teaching_class_student_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profile_user" ADD COLUMN "teaching_class_id" integer;--> statement-breakpoint
UPDATE "student_profile_user" spu SET "teaching_class_id" = tcs."teaching_class_id"
  FROM "teaching_class_student" tcs WHERE tcs."id" = spu."teaching_class_student_id";--> statement-breakpoint
ALTER TABLE "student_profile_user" ALTER COLUMN "teaching_class_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "teaching_class" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
-- Classes finished before this version count from their last change.
UPDATE "teaching_class" SET "finished_at" = "updated" WHERE "is_finished";--> statement-breakpoint
ALTER TABLE "teaching_class" ADD COLUMN "retention_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "access_log" ADD CONSTRAINT "access_log_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_log" ADD CONSTRAINT "access_log_student_id_student_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."student"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_log" ADD CONSTRAINT "access_log_teaching_class_id_teaching_class_id_fk" FOREIGN KEY ("teaching_class_id") REFERENCES "public"."teaching_class"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_log_student_idx" ON "access_log" USING btree ("student_id","created" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "access_log_class_idx" ON "access_log" USING btree ("teaching_class_id","created" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "access_log_user_idx" ON "access_log" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "student_profile_user" ADD CONSTRAINT "student_profile_user_teaching_class_id_teaching_class_id_fk" FOREIGN KEY ("teaching_class_id") REFERENCES "public"."teaching_class"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "student_profile_user_place_user_uq" ON "student_profile_user" USING btree ("teaching_class_student_id","user_id");--> statement-breakpoint
CREATE INDEX "student_profile_user_student_idx" ON "student_profile_user" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "student_profile_user_class_idx" ON "student_profile_user" USING btree ("teaching_class_id");--> statement-breakpoint
CREATE UNIQUE INDEX "student_profile_user_invitation_place_pending_uq" ON "student_profile_user_invitation" USING btree ("teaching_class_student_id","user_id") WHERE "student_profile_user_invitation"."is_approved" is null;