CREATE TABLE "learning_action" (
	"id" serial PRIMARY KEY NOT NULL,
	"learning_skill_id" integer NOT NULL,
	"name" text NOT NULL,
	"translation_key" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learning_skill" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"translation_key" text,
	"color_code" text NOT NULL,
	"avatar_id" integer,
	"is_public" boolean DEFAULT false NOT NULL,
	"creator_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rating_media" (
	"id" serial PRIMARY KEY NOT NULL,
	"rating_id" integer NOT NULL,
	"media_id" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rating_student" (
	"id" serial PRIMARY KEY NOT NULL,
	"rating_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"teaching_class_student_id" integer NOT NULL,
	"date" date NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rating" (
	"id" serial PRIMARY KEY NOT NULL,
	"teaching_class_id" integer NOT NULL,
	"learning_skill_id" integer NOT NULL,
	"learning_action_id" integer NOT NULL,
	"date" date NOT NULL,
	"points" smallint DEFAULT 1 NOT NULL,
	"description" text,
	"is_whole_class" boolean DEFAULT true NOT NULL,
	"creator_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teaching_class_learning_skill" (
	"id" serial PRIMARY KEY NOT NULL,
	"teaching_class_id" integer NOT NULL,
	"learning_skill_id" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "transcode_state" text;--> statement-breakpoint
ALTER TABLE "learning_action" ADD CONSTRAINT "learning_action_learning_skill_id_learning_skill_id_fk" FOREIGN KEY ("learning_skill_id") REFERENCES "public"."learning_skill"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_skill" ADD CONSTRAINT "learning_skill_avatar_id_media_id_fk" FOREIGN KEY ("avatar_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_skill" ADD CONSTRAINT "learning_skill_creator_id_app_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_media" ADD CONSTRAINT "rating_media_rating_id_rating_id_fk" FOREIGN KEY ("rating_id") REFERENCES "public"."rating"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_media" ADD CONSTRAINT "rating_media_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_student" ADD CONSTRAINT "rating_student_rating_id_rating_id_fk" FOREIGN KEY ("rating_id") REFERENCES "public"."rating"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_student" ADD CONSTRAINT "rating_student_student_id_student_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."student"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_student" ADD CONSTRAINT "rating_student_teaching_class_student_id_teaching_class_student_id_fk" FOREIGN KEY ("teaching_class_student_id") REFERENCES "public"."teaching_class_student"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating" ADD CONSTRAINT "rating_teaching_class_id_teaching_class_id_fk" FOREIGN KEY ("teaching_class_id") REFERENCES "public"."teaching_class"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating" ADD CONSTRAINT "rating_learning_skill_id_learning_skill_id_fk" FOREIGN KEY ("learning_skill_id") REFERENCES "public"."learning_skill"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating" ADD CONSTRAINT "rating_learning_action_id_learning_action_id_fk" FOREIGN KEY ("learning_action_id") REFERENCES "public"."learning_action"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating" ADD CONSTRAINT "rating_creator_id_app_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_class_learning_skill" ADD CONSTRAINT "teaching_class_learning_skill_teaching_class_id_teaching_class_id_fk" FOREIGN KEY ("teaching_class_id") REFERENCES "public"."teaching_class"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_class_learning_skill" ADD CONSTRAINT "teaching_class_learning_skill_learning_skill_id_learning_skill_id_fk" FOREIGN KEY ("learning_skill_id") REFERENCES "public"."learning_skill"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "learning_action_translation_key_uq" ON "learning_action" USING btree ("translation_key");--> statement-breakpoint
CREATE INDEX "learning_action_skill_idx" ON "learning_action" USING btree ("learning_skill_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "learning_skill_translation_key_uq" ON "learning_skill" USING btree ("translation_key");--> statement-breakpoint
CREATE INDEX "learning_skill_creator_idx" ON "learning_skill" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "learning_skill_public_idx" ON "learning_skill" USING btree ("is_public");--> statement-breakpoint
CREATE INDEX "learning_skill_avatar_idx" ON "learning_skill" USING btree ("avatar_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rating_media_media_uq" ON "rating_media" USING btree ("media_id");--> statement-breakpoint
CREATE INDEX "rating_media_rating_idx" ON "rating_media" USING btree ("rating_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rating_student_uq" ON "rating_student" USING btree ("rating_id","teaching_class_student_id");--> statement-breakpoint
CREATE INDEX "rating_student_student_date_idx" ON "rating_student" USING btree ("student_id","date");--> statement-breakpoint
CREATE INDEX "rating_student_place_date_idx" ON "rating_student" USING btree ("teaching_class_student_id","date");--> statement-breakpoint
CREATE INDEX "rating_class_date_idx" ON "rating" USING btree ("teaching_class_id","date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rating_skill_idx" ON "rating" USING btree ("learning_skill_id");--> statement-breakpoint
CREATE INDEX "rating_action_idx" ON "rating" USING btree ("learning_action_id");--> statement-breakpoint
CREATE INDEX "rating_creator_idx" ON "rating" USING btree ("creator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teaching_class_learning_skill_uq" ON "teaching_class_learning_skill" USING btree ("teaching_class_id","learning_skill_id");--> statement-breakpoint
CREATE INDEX "teaching_class_learning_skill_skill_idx" ON "teaching_class_learning_skill" USING btree ("learning_skill_id");--> statement-breakpoint
CREATE INDEX "media_transcode_idx" ON "media" USING btree ("transcode_state");