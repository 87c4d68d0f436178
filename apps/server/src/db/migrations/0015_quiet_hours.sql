-- DESIGN §11 quiet hours: push and e-mail wait from start to end in the user's zone; families start with 20:00-07:00.
ALTER TABLE "app_user" ADD COLUMN "quiet_hours_start" text;--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "quiet_hours_end" text;--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
UPDATE "app_user" SET "quiet_hours_start" = '20:00', "quiet_hours_end" = '07:00' WHERE "account_type" IN ('parent_user', 'other_user');
