ALTER TABLE "teaching_class" ADD COLUMN "self_assessment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "teaching_class" ADD COLUMN "coverage_days" smallint DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "learning_skill" ADD COLUMN "stages" jsonb DEFAULT '[{"points":1,"name":"Beginning","description":"Starting out: does this with a lot of help.","key":"learning_stage.generic.beginning"},{"points":2,"name":"Developing","description":"Getting there: does this with some help.","key":"learning_stage.generic.developing"},{"points":4,"name":"Secure","description":"Does this confidently on their own.","key":"learning_stage.generic.secure"},{"points":5,"name":"Extending","description":"Goes further and helps others do it.","key":"learning_stage.generic.extending"}]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "learning_skill" ADD COLUMN "framework" text;--> statement-breakpoint
-- The catalogue shipped so far is the `skillroom` framework, which every new class starts with (DESIGN §12).
UPDATE "learning_skill" SET "framework" = 'skillroom' WHERE "is_public";
