-- No global lock (DESIGN §14): the single-row counters of 0002 and 0007, bumped by statement triggers on a dozen tables,
-- made every writing transaction of the installation wait on one row. They give way to counters per class.
DROP TRIGGER "teaching_class_bumps_classes" ON "teaching_class";
--> statement-breakpoint
DROP TRIGGER "teaching_class_teacher_bumps_classes" ON "teaching_class_teacher";
--> statement-breakpoint
DROP TRIGGER "teaching_class_student_bumps_classes" ON "teaching_class_student";
--> statement-breakpoint
DROP TRIGGER "subscription_bumps_classes" ON "subscription";
--> statement-breakpoint
DROP TRIGGER "subscription_member_bumps_classes" ON "subscription_member";
--> statement-breakpoint
DROP TRIGGER "app_user_bumps_classes" ON "app_user";
--> statement-breakpoint
DROP TRIGGER "school_bumps_classes" ON "school";
--> statement-breakpoint
DROP TRIGGER "education_level_bumps_classes" ON "education_level";
--> statement-breakpoint
DROP TRIGGER "media_bumps_classes" ON "media";
--> statement-breakpoint
DROP TRIGGER "rating_bumps_ratings" ON "rating";
--> statement-breakpoint
DROP TRIGGER "rating_student_bumps_ratings" ON "rating_student";
--> statement-breakpoint
DROP TRIGGER "rating_media_bumps_ratings" ON "rating_media";
--> statement-breakpoint
DROP TRIGGER "media_bumps_ratings" ON "media";
--> statement-breakpoint
DROP TRIGGER "learning_skill_bumps_ratings" ON "learning_skill";
--> statement-breakpoint
DROP TRIGGER "learning_action_bumps_ratings" ON "learning_action";
--> statement-breakpoint
DROP TRIGGER "app_user_bumps_ratings" ON "app_user";
--> statement-breakpoint
DROP TRIGGER "teaching_class_bumps_ratings" ON "teaching_class";
--> statement-breakpoint
DROP TRIGGER "teaching_class_teacher_bumps_ratings" ON "teaching_class_teacher";
--> statement-breakpoint
DROP TRIGGER "subscription_member_bumps_ratings" ON "subscription_member";
--> statement-breakpoint
DROP TRIGGER "student_profile_user_bumps_ratings" ON "student_profile_user";
--> statement-breakpoint
DROP TRIGGER "teaching_class_student_bumps_ratings" ON "teaching_class_student";
--> statement-breakpoint
DROP FUNCTION "bump_classes_version"();
--> statement-breakpoint
DROP FUNCTION "bump_ratings_version"();
--> statement-breakpoint
CREATE TABLE "class_version" (
	"teaching_class_id" integer PRIMARY KEY NOT NULL,
	"classes" bigint DEFAULT 0 NOT NULL,
	"ratings" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP TABLE "data_version" CASCADE;--> statement-breakpoint
ALTER TABLE "class_version" ADD CONSTRAINT "class_version_teaching_class_id_teaching_class_id_fk" FOREIGN KEY ("teaching_class_id") REFERENCES "public"."teaching_class"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Adds one to the counters of these classes, in the writing transaction: the row lock taken is the counter row of each
-- class written, never one that writes in other classes need. A class deleted in this transaction is left out (its
-- counters go with it). Rows are taken in id order, so two transactions bumping the same classes do not deadlock.
CREATE FUNCTION "bump_class_versions"(p_ids integer[], p_classes boolean, p_ratings boolean) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "class_version" AS v ("teaching_class_id", "classes", "ratings")
  SELECT c."id", p_classes::int, p_ratings::int FROM "teaching_class" c WHERE c."id" = ANY (p_ids) ORDER BY c."id"
  ON CONFLICT ("teaching_class_id") DO UPDATE SET "classes" = v."classes" + excluded."classes", "ratings" = v."ratings" + excluded."ratings"
$$;
--> statement-breakpoint
-- Rows that belong to one class (their own teaching_class_id, or their rating's): the class of the old and of the new row.
CREATE FUNCTION "bump_own_class"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_TABLE_NAME = 'teaching_class' THEN
    ids := array[OLD."id", NEW."id"];
  ELSIF TG_TABLE_NAME IN ('rating_student', 'rating_media') THEN
    ids := array(SELECT r."teaching_class_id" FROM "rating" r WHERE r."id" IN (OLD."rating_id", NEW."rating_id"));
  ELSE
    ids := array[OLD."teaching_class_id", NEW."teaching_class_id"];
  END IF;
  PERFORM "bump_class_versions"(ids, TG_ARGV[0]::boolean, TG_ARGV[1]::boolean);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Rows shown in the answers of many classes (people, schools, levels, subscriptions, skills, media): the classes that show them.
CREATE FUNCTION "bump_showing_classes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_id integer := coalesce(NEW."id", OLD."id");
  ids integer[];
BEGIN
  IF TG_TABLE_NAME = 'app_user' THEN
    ids := array(SELECT c."id" FROM "teaching_class" c WHERE c."creator_id" = row_id
      UNION SELECT t."teaching_class_id" FROM "teaching_class_teacher" t WHERE t."teacher_id" = row_id
      UNION SELECT r."teaching_class_id" FROM "rating" r WHERE r."creator_id" = row_id);
  ELSIF TG_TABLE_NAME = 'school' THEN
    ids := array(SELECT c."id" FROM "teaching_class" c WHERE c."school_id" = row_id);
  ELSIF TG_TABLE_NAME = 'education_level' THEN
    ids := array(SELECT c."id" FROM "teaching_class" c WHERE c."education_level_id" = row_id);
  ELSIF TG_TABLE_NAME = 'subscription' THEN
    ids := array(SELECT c."id" FROM "teaching_class" c WHERE c."subscription_id" = row_id);
  ELSIF TG_TABLE_NAME = 'subscription_member' THEN
    ids := array(SELECT c."id" FROM "teaching_class" c WHERE c."subscription_id" IN (OLD."subscription_id", NEW."subscription_id"));
  ELSIF TG_TABLE_NAME = 'learning_skill' THEN
    ids := array(SELECT DISTINCT r."teaching_class_id" FROM "rating" r WHERE r."learning_skill_id" = row_id);
  ELSIF TG_TABLE_NAME = 'learning_action' THEN
    ids := array(SELECT DISTINCT r."teaching_class_id" FROM "rating" r WHERE r."learning_action_id" = row_id);
  ELSIF TG_TABLE_NAME = 'media' THEN
    ids := array(SELECT c."id" FROM "teaching_class" c WHERE c."avatar_id" = row_id
      UNION SELECT p."teaching_class_id" FROM "teaching_class_student" p WHERE p."avatar_id" = row_id
      UNION SELECT c."id" FROM "app_user" u JOIN "teaching_class" c ON c."creator_id" = u."id" WHERE u."avatar_id" = row_id
      UNION SELECT t."teaching_class_id" FROM "app_user" u JOIN "teaching_class_teacher" t ON t."teacher_id" = u."id" WHERE u."avatar_id" = row_id
      UNION SELECT r."teaching_class_id" FROM "app_user" u JOIN "rating" r ON r."creator_id" = u."id" WHERE u."avatar_id" = row_id
      UNION SELECT r."teaching_class_id" FROM "rating_media" m JOIN "rating" r ON r."id" = m."rating_id" WHERE m."media_id" = row_id
      UNION SELECT r."teaching_class_id" FROM "learning_skill" s JOIN "rating" r ON r."learning_skill_id" = s."id" WHERE s."avatar_id" = row_id);
  END IF;
  PERFORM "bump_class_versions"(ids, TG_ARGV[0]::boolean, TG_ARGV[1]::boolean);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Deleting a person, school, level, subscription, skill or media sets the references to it to null or deletes them:
-- those writes bump the classes concerned already, so only their updates are watched here.
CREATE TRIGGER "teaching_class_bumps_class_version" AFTER INSERT OR UPDATE OR DELETE ON "teaching_class" FOR EACH ROW EXECUTE FUNCTION "bump_own_class"('true', 'true');
--> statement-breakpoint
CREATE TRIGGER "teaching_class_teacher_bumps_class_version" AFTER INSERT OR UPDATE OR DELETE ON "teaching_class_teacher" FOR EACH ROW EXECUTE FUNCTION "bump_own_class"('true', 'true');
--> statement-breakpoint
CREATE TRIGGER "teaching_class_student_bumps_class_version" AFTER INSERT OR UPDATE OR DELETE ON "teaching_class_student" FOR EACH ROW EXECUTE FUNCTION "bump_own_class"('true', 'true');
--> statement-breakpoint
CREATE TRIGGER "student_profile_user_bumps_class_version" AFTER INSERT OR UPDATE OR DELETE ON "student_profile_user" FOR EACH ROW EXECUTE FUNCTION "bump_own_class"('false', 'true');
--> statement-breakpoint
CREATE TRIGGER "rating_bumps_class_version" AFTER INSERT OR UPDATE OR DELETE ON "rating" FOR EACH ROW EXECUTE FUNCTION "bump_own_class"('false', 'true');
--> statement-breakpoint
CREATE TRIGGER "rating_student_bumps_class_version" AFTER INSERT OR UPDATE OR DELETE ON "rating_student" FOR EACH ROW EXECUTE FUNCTION "bump_own_class"('false', 'true');
--> statement-breakpoint
CREATE TRIGGER "rating_media_bumps_class_version" AFTER INSERT OR UPDATE OR DELETE ON "rating_media" FOR EACH ROW EXECUTE FUNCTION "bump_own_class"('false', 'true');
--> statement-breakpoint
CREATE TRIGGER "app_user_bumps_class_version" AFTER UPDATE OF "first_name", "last_name", "account_type", "avatar_id" ON "app_user" FOR EACH ROW EXECUTE FUNCTION "bump_showing_classes"('true', 'true');
--> statement-breakpoint
CREATE TRIGGER "school_bumps_class_version" AFTER UPDATE ON "school" FOR EACH ROW EXECUTE FUNCTION "bump_showing_classes"('true', 'false');
--> statement-breakpoint
CREATE TRIGGER "education_level_bumps_class_version" AFTER UPDATE ON "education_level" FOR EACH ROW EXECUTE FUNCTION "bump_showing_classes"('true', 'false');
--> statement-breakpoint
CREATE TRIGGER "subscription_bumps_class_version" AFTER UPDATE ON "subscription" FOR EACH ROW EXECUTE FUNCTION "bump_showing_classes"('true', 'false');
--> statement-breakpoint
CREATE TRIGGER "subscription_member_bumps_class_version" AFTER INSERT OR UPDATE OR DELETE ON "subscription_member" FOR EACH ROW EXECUTE FUNCTION "bump_showing_classes"('true', 'true');
--> statement-breakpoint
CREATE TRIGGER "learning_skill_bumps_class_version" AFTER UPDATE ON "learning_skill" FOR EACH ROW EXECUTE FUNCTION "bump_showing_classes"('false', 'true');
--> statement-breakpoint
CREATE TRIGGER "learning_action_bumps_class_version" AFTER UPDATE ON "learning_action" FOR EACH ROW EXECUTE FUNCTION "bump_showing_classes"('false', 'true');
--> statement-breakpoint
CREATE TRIGGER "media_bumps_class_version" AFTER UPDATE ON "media" FOR EACH ROW EXECUTE FUNCTION "bump_showing_classes"('true', 'true');
