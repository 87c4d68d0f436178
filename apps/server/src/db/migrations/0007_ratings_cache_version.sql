-- The ratings feed is cached like the class reads (0002): this version moves in every transaction that writes a table
-- its answers are made of (the ratings and their links, skills and actions, authors, and who may see what).
INSERT INTO "data_version" ("name", "version") VALUES ('ratings', 0);
--> statement-breakpoint
CREATE FUNCTION "bump_ratings_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "data_version" SET "version" = "version" + 1 WHERE "name" = 'ratings';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "rating_bumps_ratings" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "rating" FOR EACH STATEMENT EXECUTE FUNCTION "bump_ratings_version"();
--> statement-breakpoint
CREATE TRIGGER "rating_student_bumps_ratings" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "rating_student" FOR EACH STATEMENT EXECUTE FUNCTION "bump_ratings_version"();
--> statement-breakpoint
CREATE TRIGGER "rating_media_bumps_ratings" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "rating_media" FOR EACH STATEMENT EXECUTE FUNCTION "bump_ratings_version"();
--> statement-breakpoint
CREATE TRIGGER "media_bumps_ratings" AFTER UPDATE OR DELETE OR TRUNCATE ON "media" FOR EACH STATEMENT EXECUTE FUNCTION "bump_ratings_version"();
--> statement-breakpoint
CREATE TRIGGER "learning_skill_bumps_ratings" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "learning_skill" FOR EACH STATEMENT EXECUTE FUNCTION "bump_ratings_version"();
--> statement-breakpoint
CREATE TRIGGER "learning_action_bumps_ratings" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "learning_action" FOR EACH STATEMENT EXECUTE FUNCTION "bump_ratings_version"();
--> statement-breakpoint
CREATE TRIGGER "app_user_bumps_ratings" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "app_user" FOR EACH STATEMENT EXECUTE FUNCTION "bump_ratings_version"();
--> statement-breakpoint
CREATE TRIGGER "teaching_class_bumps_ratings" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "teaching_class" FOR EACH STATEMENT EXECUTE FUNCTION "bump_ratings_version"();
--> statement-breakpoint
CREATE TRIGGER "teaching_class_teacher_bumps_ratings" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "teaching_class_teacher" FOR EACH STATEMENT EXECUTE FUNCTION "bump_ratings_version"();
--> statement-breakpoint
CREATE TRIGGER "subscription_member_bumps_ratings" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "subscription_member" FOR EACH STATEMENT EXECUTE FUNCTION "bump_ratings_version"();
--> statement-breakpoint
CREATE TRIGGER "student_profile_user_bumps_ratings" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "student_profile_user" FOR EACH STATEMENT EXECUTE FUNCTION "bump_ratings_version"();
--> statement-breakpoint
CREATE TRIGGER "teaching_class_student_bumps_ratings" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "teaching_class_student" FOR EACH STATEMENT EXECUTE FUNCTION "bump_ratings_version"();
