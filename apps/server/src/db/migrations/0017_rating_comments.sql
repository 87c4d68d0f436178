-- Reactions and comments on a rating (DESIGN §11): they go with the rating, the commenter and the child's place by cascades.
CREATE TABLE "rating_comment" (
	"id" serial PRIMARY KEY NOT NULL,
	"rating_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"teaching_class_student_id" integer,
	"text" text NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rating_reaction" (
	"id" serial PRIMARY KEY NOT NULL,
	"rating_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"teaching_class_student_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "teaching_class" ADD COLUMN "family_comments" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "rating_comment" ADD CONSTRAINT "rating_comment_rating_id_rating_id_fk" FOREIGN KEY ("rating_id") REFERENCES "public"."rating"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_comment" ADD CONSTRAINT "rating_comment_author_id_app_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_comment" ADD CONSTRAINT "rating_comment_teaching_class_student_id_teaching_class_student_id_fk" FOREIGN KEY ("teaching_class_student_id") REFERENCES "public"."teaching_class_student"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_reaction" ADD CONSTRAINT "rating_reaction_rating_id_rating_id_fk" FOREIGN KEY ("rating_id") REFERENCES "public"."rating"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_reaction" ADD CONSTRAINT "rating_reaction_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_reaction" ADD CONSTRAINT "rating_reaction_teaching_class_student_id_teaching_class_student_id_fk" FOREIGN KEY ("teaching_class_student_id") REFERENCES "public"."teaching_class_student"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rating_comment_rating_idx" ON "rating_comment" USING btree ("rating_id","id");--> statement-breakpoint
CREATE INDEX "rating_comment_author_idx" ON "rating_comment" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "rating_comment_place_idx" ON "rating_comment" USING btree ("teaching_class_student_id") WHERE "rating_comment"."teaching_class_student_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "rating_reaction_uq" ON "rating_reaction" USING btree ("rating_id","user_id");--> statement-breakpoint
CREATE INDEX "rating_reaction_user_idx" ON "rating_reaction" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "rating_reaction_place_idx" ON "rating_reaction" USING btree ("teaching_class_student_id") WHERE "rating_reaction"."teaching_class_student_id" is not null;