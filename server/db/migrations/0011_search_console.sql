CREATE TABLE "search_console_connect_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"code_verifier" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"app_origin" text NOT NULL,
	"origin" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_console_connections" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"refresh_token_sealed" text,
	"scope" text,
	"needs_reconnect" boolean DEFAULT false NOT NULL,
	"connected_site" text,
	"sites" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sites_fetched_at" timestamp with time zone,
	"sync_status" text DEFAULT 'idle' NOT NULL,
	"sync_error" text,
	"sync_requested_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"data_end_date" date,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_console_days" (
	"user_id" uuid NOT NULL,
	"date" date NOT NULL,
	"clicks" integer NOT NULL,
	"impressions" integer NOT NULL,
	"position" double precision NOT NULL,
	CONSTRAINT "search_console_days_user_id_date_pk" PRIMARY KEY("user_id","date")
);
--> statement-breakpoint
CREATE TABLE "search_console_top_rows" (
	"user_id" uuid NOT NULL,
	"dimension" text NOT NULL,
	"period_days" smallint NOT NULL,
	"key" text NOT NULL,
	"clicks" integer NOT NULL,
	"impressions" integer NOT NULL,
	"position" double precision NOT NULL,
	CONSTRAINT "search_console_top_rows_user_id_dimension_period_days_key_pk" PRIMARY KEY("user_id","dimension","period_days","key")
);
--> statement-breakpoint
ALTER TABLE "search_console_connect_states" ADD CONSTRAINT "search_console_connect_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_console_connections" ADD CONSTRAINT "search_console_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_console_days" ADD CONSTRAINT "search_console_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_console_top_rows" ADD CONSTRAINT "search_console_top_rows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_console_connect_states_expires_idx" ON "search_console_connect_states" USING btree ("expires_at");