CREATE TABLE "home_observation_media" (
	"id" serial PRIMARY KEY NOT NULL,
	"home_observation_id" integer NOT NULL,
	"media_id" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "home_observation" (
	"id" serial PRIMARY KEY NOT NULL,
	"teaching_class_id" integer NOT NULL,
	"teaching_class_student_id" integer NOT NULL,
	"learning_action_id" integer NOT NULL,
	"date" date NOT NULL,
	"description" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"creator_id" integer NOT NULL,
	"rating_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rating" ADD COLUMN "source" text DEFAULT 'teacher' NOT NULL;--> statement-breakpoint
ALTER TABLE "home_observation_media" ADD CONSTRAINT "home_observation_media_home_observation_id_home_observation_id_fk" FOREIGN KEY ("home_observation_id") REFERENCES "public"."home_observation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_observation_media" ADD CONSTRAINT "home_observation_media_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_observation" ADD CONSTRAINT "home_observation_teaching_class_id_teaching_class_id_fk" FOREIGN KEY ("teaching_class_id") REFERENCES "public"."teaching_class"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_observation" ADD CONSTRAINT "home_observation_teaching_class_student_id_teaching_class_student_id_fk" FOREIGN KEY ("teaching_class_student_id") REFERENCES "public"."teaching_class_student"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_observation" ADD CONSTRAINT "home_observation_learning_action_id_learning_action_id_fk" FOREIGN KEY ("learning_action_id") REFERENCES "public"."learning_action"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_observation" ADD CONSTRAINT "home_observation_creator_id_app_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_observation" ADD CONSTRAINT "home_observation_rating_id_rating_id_fk" FOREIGN KEY ("rating_id") REFERENCES "public"."rating"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "home_observation_media_uq" ON "home_observation_media" USING btree ("home_observation_id","media_id");--> statement-breakpoint
CREATE INDEX "home_observation_media_media_idx" ON "home_observation_media" USING btree ("media_id");--> statement-breakpoint
CREATE INDEX "home_observation_class_status_idx" ON "home_observation" USING btree ("teaching_class_id","status","id");--> statement-breakpoint
CREATE INDEX "home_observation_place_idx" ON "home_observation" USING btree ("teaching_class_student_id","id");--> statement-breakpoint
CREATE INDEX "home_observation_creator_idx" ON "home_observation" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "home_observation_action_idx" ON "home_observation" USING btree ("learning_action_id");--> statement-breakpoint
CREATE INDEX "home_observation_rating_idx" ON "home_observation" USING btree ("rating_id");