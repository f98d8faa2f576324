CREATE TABLE "analyses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"question_limit" integer NOT NULL,
	"providers" jsonb NOT NULL,
	"simulated" boolean DEFAULT false NOT NULL,
	"profile" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "analysis_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"analysis_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"question_index" integer NOT NULL,
	"question_id" uuid,
	"question_text" text NOT NULL,
	"category" text NOT NULL,
	"language" text NOT NULL,
	"provider" text NOT NULL,
	"model" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"answer_text" text,
	"citations" jsonb,
	"search_queries" jsonb,
	"latency_ms" integer,
	"error_code" text,
	"error_message" text,
	"brand_mentioned" boolean,
	"brand_position" integer,
	"brand_sentiment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "answer_citations" (
	"answer_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"analysis_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"category" text NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	"position" integer NOT NULL,
	"url" text NOT NULL,
	"title" text,
	"domain" text,
	CONSTRAINT "answer_citations_answer_id_position_pk" PRIMARY KEY("answer_id","position")
);
--> statement-breakpoint
CREATE TABLE "answer_mentions" (
	"answer_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"analysis_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"category" text NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	"name" text NOT NULL,
	"is_brand" boolean NOT NULL,
	"tracked" boolean NOT NULL,
	"position" integer NOT NULL,
	"count" integer NOT NULL,
	"sentiment" text NOT NULL,
	CONSTRAINT "answer_mentions_answer_id_name_pk" PRIMARY KEY("answer_id","name")
);
--> statement-breakpoint
CREATE TABLE "answer_search_queries" (
	"answer_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"analysis_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"category" text NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	"position" integer NOT NULL,
	"query" text NOT NULL,
	CONSTRAINT "answer_search_queries_answer_id_position_pk" PRIMARY KEY("answer_id","position")
);
--> statement-breakpoint
CREATE TABLE "query_cluster_rows" (
	"user_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"rank" integer NOT NULL,
	"total_occurrences" integer NOT NULL,
	"cluster" jsonb NOT NULL,
	CONSTRAINT "query_cluster_rows_user_id_scope_rank_pk" PRIMARY KEY("user_id","scope","rank")
);
--> statement-breakpoint
CREATE TABLE "query_cluster_snapshots" (
	"user_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"fingerprint" text NOT NULL,
	"total_queries" integer NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "query_cluster_snapshots_user_id_scope_pk" PRIMARY KEY("user_id","scope")
);
--> statement-breakpoint
CREATE TABLE "seo_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"brand_name" text NOT NULL,
	"aliases" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"market_language" text NOT NULL,
	"country" text,
	"keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"competitors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"question_text" text NOT NULL,
	"category" text NOT NULL,
	"language" text NOT NULL,
	"source" text DEFAULT 'user' NOT NULL,
	"edited" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_answers" ADD CONSTRAINT "analysis_answers_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_answers" ADD CONSTRAINT "analysis_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_answers" ADD CONSTRAINT "analysis_answers_question_id_user_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."user_questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_citations" ADD CONSTRAINT "answer_citations_answer_id_analysis_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."analysis_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_mentions" ADD CONSTRAINT "answer_mentions_answer_id_analysis_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."analysis_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_search_queries" ADD CONSTRAINT "answer_search_queries_answer_id_analysis_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."analysis_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "query_cluster_rows" ADD CONSTRAINT "query_cluster_rows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "query_cluster_snapshots" ADD CONSTRAINT "query_cluster_snapshots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_profiles" ADD CONSTRAINT "seo_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_questions" ADD CONSTRAINT "user_questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analyses_user_created_idx" ON "analyses" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "analysis_answers_slot_idx" ON "analysis_answers" USING btree ("analysis_id","question_index","provider");--> statement-breakpoint
CREATE INDEX "analysis_answers_user_answered_idx" ON "analysis_answers" USING btree ("user_id","answered_at");--> statement-breakpoint
CREATE INDEX "answer_citations_user_time_idx" ON "answer_citations" USING btree ("user_id","answered_at");--> statement-breakpoint
CREATE INDEX "answer_mentions_user_time_idx" ON "answer_mentions" USING btree ("user_id","answered_at");--> statement-breakpoint
CREATE INDEX "answer_search_queries_user_time_idx" ON "answer_search_queries" USING btree ("user_id","answered_at");--> statement-breakpoint
CREATE INDEX "user_questions_user_idx" ON "user_questions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_questions_text_idx" ON "user_questions" USING btree ("user_id","language",lower("question_text"));