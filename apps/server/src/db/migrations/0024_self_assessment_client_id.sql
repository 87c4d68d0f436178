-- A self-assessment's own id chosen by the student's device (issue 38, offline): a resend finds the one written instead of
-- writing it twice. Number 0024 as assigned.
ALTER TABLE "self_assessment" ADD COLUMN "client_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "self_assessment_client_id_uq" ON "self_assessment" USING btree ("client_id");