CREATE TABLE "self_assessment_media" (
	"id" serial PRIMARY KEY NOT NULL,
	"self_assessment_id" integer NOT NULL,
	"media_id" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "self_assessment" (
	"id" serial PRIMARY KEY NOT NULL,
	"teaching_class_id" integer NOT NULL,
	"teaching_class_student_id" integer NOT NULL,
	"learning_skill_id" integer NOT NULL,
	"points" smallint NOT NULL,
	"reflection" text,
	"creator_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "self_assessment_media" ADD CONSTRAINT "self_assessment_media_self_assessment_id_self_assessment_id_fk" FOREIGN KEY ("self_assessment_id") REFERENCES "public"."self_assessment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_assessment_media" ADD CONSTRAINT "self_assessment_media_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_assessment" ADD CONSTRAINT "self_assessment_teaching_class_id_teaching_class_id_fk" FOREIGN KEY ("teaching_class_id") REFERENCES "public"."teaching_class"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_assessment" ADD CONSTRAINT "self_assessment_teaching_class_student_id_teaching_class_student_id_fk" FOREIGN KEY ("teaching_class_student_id") REFERENCES "public"."teaching_class_student"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_assessment" ADD CONSTRAINT "self_assessment_learning_skill_id_learning_skill_id_fk" FOREIGN KEY ("learning_skill_id") REFERENCES "public"."learning_skill"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_assessment" ADD CONSTRAINT "self_assessment_creator_id_app_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "self_assessment_media_uq" ON "self_assessment_media" USING btree ("self_assessment_id","media_id");--> statement-breakpoint
CREATE INDEX "self_assessment_media_media_idx" ON "self_assessment_media" USING btree ("media_id");--> statement-breakpoint
CREATE INDEX "self_assessment_place_idx" ON "self_assessment" USING btree ("teaching_class_student_id","learning_skill_id","id");--> statement-breakpoint
CREATE INDEX "self_assessment_class_idx" ON "self_assessment" USING btree ("teaching_class_id");--> statement-breakpoint
CREATE INDEX "self_assessment_skill_idx" ON "self_assessment" USING btree ("learning_skill_id");--> statement-breakpoint
CREATE INDEX "self_assessment_creator_idx" ON "self_assessment" USING btree ("creator_id");