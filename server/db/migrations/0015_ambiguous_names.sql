ALTER TABLE "answer_mentions" ADD COLUMN "method" text DEFAULT 'name' NOT NULL;--> statement-breakpoint
ALTER TABLE "seo_profiles" ADD COLUMN "ambiguous_names" jsonb DEFAULT '[]'::jsonb NOT NULL;