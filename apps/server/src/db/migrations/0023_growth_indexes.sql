-- Growth and coverage (issue 38) read a class's ratings from its date index alone (index-only scans): it carries the
-- rating's skill, points, whole-class flag and source. Number 0023 as assigned (0022 is another branch's).
DROP INDEX "rating_class_date_idx";--> statement-breakpoint
CREATE INDEX "rating_class_date_idx" ON "rating" USING btree ("teaching_class_id","date" DESC NULLS LAST,"id" DESC NULLS LAST,"learning_skill_id","points","is_whole_class","source");