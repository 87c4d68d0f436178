ALTER TABLE "teaching_class_student" ADD COLUMN "family_language" text;--> statement-breakpoint
ALTER TABLE "notification" ADD COLUMN "text_key" text;--> statement-breakpoint
ALTER TABLE "notification" ADD COLUMN "params" jsonb;