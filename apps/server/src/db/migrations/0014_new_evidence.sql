-- New evidence names a child (DESIGN §11): its notice goes with the child's place; unread notices go with their rating.
ALTER TABLE "notification" ADD COLUMN "teaching_class_student_id" integer;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_teaching_class_student_id_teaching_class_student_id_fk" FOREIGN KEY ("teaching_class_student_id") REFERENCES "public"."teaching_class_student"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_place_idx" ON "notification" USING btree ("teaching_class_student_id") WHERE "notification"."teaching_class_student_id" is not null;--> statement-breakpoint
CREATE INDEX "notification_entity_idx" ON "notification" USING btree ("entity_type","entity_id");