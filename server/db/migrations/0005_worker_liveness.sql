CREATE TABLE "job_workers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"beat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stale_after_ms" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analyses" ADD COLUMN "deadline_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "analysis_answers" ADD COLUMN "claimed_by" uuid;--> statement-breakpoint
ALTER TABLE "analysis_answers" ADD COLUMN "job_id" uuid;--> statement-breakpoint
CREATE INDEX "analyses_open_deadline_idx" ON "analyses" USING btree ("deadline_at") WHERE "analyses"."status" in ('pending', 'processing');--> statement-breakpoint
CREATE INDEX "analysis_answers_open_idx" ON "analysis_answers" USING btree ("provider","claimed_by") WHERE "analysis_answers"."status" in ('pending', 'processing');--> statement-breakpoint
-- Analyses running across the upgrade get a deadline too, so none can stay open for ever.
UPDATE "analyses" SET "deadline_at" = now() + interval '30 minutes' WHERE "status" in ('pending', 'processing');
