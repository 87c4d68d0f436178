CREATE TABLE "data_version" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "data_version" ("name", "version") VALUES ('classes', 0);
--> statement-breakpoint
-- Bumps the version of the class reads in the writing transaction: the new value is seen exactly when the change is.
CREATE FUNCTION "bump_classes_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "data_version" SET "version" = "version" + 1 WHERE "name" = 'classes';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "teaching_class_bumps_classes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "teaching_class" FOR EACH STATEMENT EXECUTE FUNCTION "bump_classes_version"();
--> statement-breakpoint
CREATE TRIGGER "teaching_class_teacher_bumps_classes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "teaching_class_teacher" FOR EACH STATEMENT EXECUTE FUNCTION "bump_classes_version"();
--> statement-breakpoint
CREATE TRIGGER "teaching_class_student_bumps_classes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "teaching_class_student" FOR EACH STATEMENT EXECUTE FUNCTION "bump_classes_version"();
--> statement-breakpoint
CREATE TRIGGER "subscription_bumps_classes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "subscription" FOR EACH STATEMENT EXECUTE FUNCTION "bump_classes_version"();
--> statement-breakpoint
CREATE TRIGGER "subscription_member_bumps_classes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "subscription_member" FOR EACH STATEMENT EXECUTE FUNCTION "bump_classes_version"();
--> statement-breakpoint
CREATE TRIGGER "app_user_bumps_classes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "app_user" FOR EACH STATEMENT EXECUTE FUNCTION "bump_classes_version"();
--> statement-breakpoint
CREATE TRIGGER "school_bumps_classes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "school" FOR EACH STATEMENT EXECUTE FUNCTION "bump_classes_version"();
--> statement-breakpoint
CREATE TRIGGER "education_level_bumps_classes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "education_level" FOR EACH STATEMENT EXECUTE FUNCTION "bump_classes_version"();
--> statement-breakpoint
CREATE TRIGGER "media_bumps_classes" AFTER UPDATE OR DELETE OR TRUNCATE ON "media" FOR EACH STATEMENT EXECUTE FUNCTION "bump_classes_version"();
