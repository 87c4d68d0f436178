CREATE TABLE "education_level" (
	"id" serial PRIMARY KEY NOT NULL,
	"translation_key" text NOT NULL,
	CONSTRAINT "education_level_translation_key_unique" UNIQUE("translation_key")
);
--> statement-breakpoint
CREATE TABLE "student_profile_user" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"teaching_class_student_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text,
	"code" text,
	"avatar_id" integer,
	"creator_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teaching_class_student" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text,
	"code" text,
	"student_id" integer NOT NULL,
	"teaching_class_id" integer NOT NULL,
	"avatar_id" integer,
	"creator_id" integer,
	"invitation_code" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teaching_class_teacher" (
	"id" serial PRIMARY KEY NOT NULL,
	"teaching_class_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teaching_class" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"grade" text,
	"invitation_code" text NOT NULL,
	"year" integer NOT NULL,
	"start" date NOT NULL,
	"end" date NOT NULL,
	"is_finished" boolean DEFAULT false NOT NULL,
	"avatar_id" integer,
	"school_id" integer,
	"creator_id" integer NOT NULL,
	"term" text,
	"education_level_id" integer,
	"is_individual" boolean DEFAULT false NOT NULL,
	"subscription_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "student_profile_user" ADD CONSTRAINT "student_profile_user_student_id_student_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."student"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_profile_user" ADD CONSTRAINT "student_profile_user_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_profile_user" ADD CONSTRAINT "student_profile_user_teaching_class_student_id_teaching_class_student_id_fk" FOREIGN KEY ("teaching_class_student_id") REFERENCES "public"."teaching_class_student"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student" ADD CONSTRAINT "student_avatar_id_media_id_fk" FOREIGN KEY ("avatar_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student" ADD CONSTRAINT "student_creator_id_app_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_class_student" ADD CONSTRAINT "teaching_class_student_student_id_student_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."student"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_class_student" ADD CONSTRAINT "teaching_class_student_teaching_class_id_teaching_class_id_fk" FOREIGN KEY ("teaching_class_id") REFERENCES "public"."teaching_class"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_class_student" ADD CONSTRAINT "teaching_class_student_avatar_id_media_id_fk" FOREIGN KEY ("avatar_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_class_student" ADD CONSTRAINT "teaching_class_student_creator_id_app_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_class_teacher" ADD CONSTRAINT "teaching_class_teacher_teaching_class_id_teaching_class_id_fk" FOREIGN KEY ("teaching_class_id") REFERENCES "public"."teaching_class"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_class_teacher" ADD CONSTRAINT "teaching_class_teacher_teacher_id_app_user_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_class" ADD CONSTRAINT "teaching_class_avatar_id_media_id_fk" FOREIGN KEY ("avatar_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_class" ADD CONSTRAINT "teaching_class_school_id_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."school"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_class" ADD CONSTRAINT "teaching_class_creator_id_app_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_class" ADD CONSTRAINT "teaching_class_education_level_id_education_level_id_fk" FOREIGN KEY ("education_level_id") REFERENCES "public"."education_level"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_class" ADD CONSTRAINT "teaching_class_subscription_id_subscription_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscription"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "student_profile_user_uq" ON "student_profile_user" USING btree ("student_id","user_id");--> statement-breakpoint
CREATE INDEX "student_profile_user_user_idx" ON "student_profile_user" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "student_profile_user_place_idx" ON "student_profile_user" USING btree ("teaching_class_student_id");--> statement-breakpoint
CREATE INDEX "student_creator_idx" ON "student" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "student_avatar_idx" ON "student" USING btree ("avatar_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teaching_class_student_uq" ON "teaching_class_student" USING btree ("teaching_class_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teaching_class_student_invitation_code_uq" ON "teaching_class_student" USING btree ("invitation_code");--> statement-breakpoint
CREATE INDEX "teaching_class_student_student_idx" ON "teaching_class_student" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "teaching_class_student_avatar_idx" ON "teaching_class_student" USING btree ("avatar_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teaching_class_teacher_uq" ON "teaching_class_teacher" USING btree ("teaching_class_id","teacher_id");--> statement-breakpoint
CREATE INDEX "teaching_class_teacher_teacher_idx" ON "teaching_class_teacher" USING btree ("teacher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teaching_class_invitation_code_uq" ON "teaching_class" USING btree ("invitation_code");--> statement-breakpoint
CREATE INDEX "teaching_class_creator_idx" ON "teaching_class" USING btree ("creator_id","is_finished","created" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "teaching_class_subscription_idx" ON "teaching_class" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "teaching_class_created_idx" ON "teaching_class" USING btree ("created" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "teaching_class_avatar_idx" ON "teaching_class" USING btree ("avatar_id");--> statement-breakpoint
-- Education levels are reference data: seeded here so that every database (and every test) has them, in this order.
INSERT INTO "education_level" ("translation_key") VALUES ('education_level.preschool'), ('education_level.primary'), ('education_level.lower_secondary'), ('education_level.upper_secondary'), ('education_level.vocational'), ('education_level.higher'), ('education_level.adult') ON CONFLICT ("translation_key") DO NOTHING;
