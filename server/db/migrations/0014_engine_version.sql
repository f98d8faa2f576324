ALTER TABLE "analysis_answers" ADD COLUMN "engine_version" integer;--> statement-breakpoint
ALTER TABLE "analysis_answers" ADD COLUMN "rescored_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "answer_mentions" ADD COLUMN "engine_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "analysis_answers_engine_idx" ON "analysis_answers" USING btree ("engine_version");--> statement-breakpoint
-- Answers stored before versions existed were read by version 1, the engine of this release.
UPDATE "analysis_answers" SET "engine_version" = 1 WHERE "status" = 'completed';
