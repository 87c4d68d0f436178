CREATE TABLE "student_profile_user_invitation" (
	"id" serial PRIMARY KEY NOT NULL,
	"teaching_class_student_id" integer NOT NULL,
	"teaching_class_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"is_approved" boolean,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teaching_class_teacher_invitation" (
	"id" serial PRIMARY KEY NOT NULL,
	"teaching_class_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"is_approved" boolean,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"notification_type" integer NOT NULL,
	"entity_type" integer NOT NULL,
	"entity_id" integer NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"platform_type" text DEFAULT 'web' NOT NULL,
	"path" text,
	"pushed_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_token" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token" text NOT NULL,
	"endpoint" text NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "student_profile_user" ADD COLUMN "is_via_invitation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "teaching_class_teacher" ADD COLUMN "is_via_invitation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profile_user_invitation" ADD CONSTRAINT "student_profile_user_invitation_teaching_class_student_id_teaching_class_student_id_fk" FOREIGN KEY ("teaching_class_student_id") REFERENCES "public"."teaching_class_student"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_profile_user_invitation" ADD CONSTRAINT "student_profile_user_invitation_teaching_class_id_teaching_class_id_fk" FOREIGN KEY ("teaching_class_id") REFERENCES "public"."teaching_class"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_profile_user_invitation" ADD CONSTRAINT "student_profile_user_invitation_student_id_student_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."student"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_profile_user_invitation" ADD CONSTRAINT "student_profile_user_invitation_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_class_teacher_invitation" ADD CONSTRAINT "teaching_class_teacher_invitation_teaching_class_id_teaching_class_id_fk" FOREIGN KEY ("teaching_class_id") REFERENCES "public"."teaching_class"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_class_teacher_invitation" ADD CONSTRAINT "teaching_class_teacher_invitation_teacher_id_app_user_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_token" ADD CONSTRAINT "push_token_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "student_profile_user_invitation_pending_uq" ON "student_profile_user_invitation" USING btree ("student_id","user_id") WHERE "student_profile_user_invitation"."is_approved" is null;--> statement-breakpoint
CREATE INDEX "student_profile_user_invitation_class_idx" ON "student_profile_user_invitation" USING btree ("teaching_class_id","created" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "student_profile_user_invitation_place_idx" ON "student_profile_user_invitation" USING btree ("teaching_class_student_id");--> statement-breakpoint
CREATE INDEX "student_profile_user_invitation_user_idx" ON "student_profile_user_invitation" USING btree ("user_id","created" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "teaching_class_teacher_invitation_pending_uq" ON "teaching_class_teacher_invitation" USING btree ("teaching_class_id","teacher_id") WHERE "teaching_class_teacher_invitation"."is_approved" is null;--> statement-breakpoint
CREATE INDEX "teaching_class_teacher_invitation_class_idx" ON "teaching_class_teacher_invitation" USING btree ("teaching_class_id","created" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "teaching_class_teacher_invitation_teacher_idx" ON "teaching_class_teacher_invitation" USING btree ("teacher_id","created" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notification_user_idx" ON "notification" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notification_unread_idx" ON "notification" USING btree ("user_id","id" DESC NULLS LAST) WHERE not "notification"."is_read";--> statement-breakpoint
CREATE INDEX "notification_unpushed_idx" ON "notification" USING btree ("id") WHERE "notification"."pushed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "push_token_endpoint_uq" ON "push_token" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_token_user_idx" ON "push_token" USING btree ("user_id");