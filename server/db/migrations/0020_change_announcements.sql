-- Every change to a row that belongs to a user announces the user's id on the channel
-- "sightline_user_changed"; a change to what every user reads (plans, the academy, the backlinks
-- catalogue) announces "*" (issue 16). Each server process listens and forgets what it kept of
-- that user, or of everyone (server/db/user-changes.ts, server/http/kept-answers.ts): a change made
-- by any process, a job or a psql session reaches every process when it commits.
-- PostgreSQL sends a notification only at commit, and once per payload per transaction.
-- Not announced, and read by no kept answer: the daily roll-ups (written by the answer tables'
-- triggers, in the same transaction as a change those tables announce), and the bookkeeping tables
-- (billing_events, id_token_uses, job_workers, magic_links, rate_limits, refresh_tokens, seed_runs).
-- tests/integration/change-announcements.test.ts holds every table to one of these three choices.

-- Small tables, one row at a time: the trigger's argument names the column that holds the user's id.
CREATE FUNCTION "sightline_announce_user"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	"column_name" text := TG_ARGV[0];
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		PERFORM pg_notify('sightline_user_changed', to_jsonb(OLD) ->> "column_name");
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		PERFORM pg_notify('sightline_user_changed', to_jsonb(NEW) ->> "column_name");
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- Tables written many rows at a time (an analysis's answers, a sync's days): once per statement,
-- each user once, from the transition tables (which a trigger takes for one event only).
CREATE FUNCTION "sightline_announce_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		PERFORM pg_notify('sightline_user_changed', "changed"."user_id"::text) FROM (SELECT DISTINCT "user_id" FROM "old_rows") AS "changed";
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		PERFORM pg_notify('sightline_user_changed', "changed"."user_id"::text) FROM (SELECT DISTINCT "user_id" FROM "new_rows") AS "changed";
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "sightline_announce_everyone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('sightline_user_changed', '*');
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_announce" AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "sightline_announce_user"('id');
--> statement-breakpoint
CREATE TRIGGER "user_identities_announce" AFTER INSERT OR UPDATE OR DELETE ON "user_identities" FOR EACH ROW EXECUTE FUNCTION "sightline_announce_user"('user_id');
--> statement-breakpoint
CREATE TRIGGER "auth_sessions_announce" AFTER INSERT OR UPDATE OR DELETE ON "auth_sessions" FOR EACH ROW EXECUTE FUNCTION "sightline_announce_user"('user_id');
--> statement-breakpoint
CREATE TRIGGER "auth_factors_announce" AFTER INSERT OR UPDATE OR DELETE ON "auth_factors" FOR EACH ROW EXECUTE FUNCTION "sightline_announce_user"('user_id');
--> statement-breakpoint
CREATE TRIGGER "recovery_codes_announce" AFTER INSERT OR UPDATE OR DELETE ON "recovery_codes" FOR EACH ROW EXECUTE FUNCTION "sightline_announce_user"('user_id');
--> statement-breakpoint
CREATE TRIGGER "subscriptions_announce" AFTER INSERT OR UPDATE OR DELETE ON "subscriptions" FOR EACH ROW EXECUTE FUNCTION "sightline_announce_user"('user_id');
--> statement-breakpoint
CREATE TRIGGER "subscription_changes_announce" AFTER INSERT OR UPDATE OR DELETE ON "subscription_changes" FOR EACH ROW EXECUTE FUNCTION "sightline_announce_user"('user_id');
--> statement-breakpoint
CREATE TRIGGER "checkout_sessions_announce" AFTER INSERT OR UPDATE OR DELETE ON "checkout_sessions" FOR EACH ROW EXECUTE FUNCTION "sightline_announce_user"('user_id');
--> statement-breakpoint
CREATE TRIGGER "cart_items_announce" AFTER INSERT OR UPDATE OR DELETE ON "cart_items" FOR EACH ROW EXECUTE FUNCTION "sightline_announce_user"('user_id');
--> statement-breakpoint
CREATE TRIGGER "backlink_orders_announce" AFTER INSERT OR UPDATE OR DELETE ON "backlink_orders" FOR EACH ROW EXECUTE FUNCTION "sightline_announce_user"('user_id');
--> statement-breakpoint
CREATE TRIGGER "backlink_order_items_announce" AFTER INSERT OR UPDATE OR DELETE ON "backlink_order_items" FOR EACH ROW EXECUTE FUNCTION "sightline_announce_user"('user_id');
--> statement-breakpoint
CREATE TRIGGER "seo_profiles_announce" AFTER INSERT OR UPDATE OR DELETE ON "seo_profiles" FOR EACH ROW EXECUTE FUNCTION "sightline_announce_user"('user_id');
--> statement-breakpoint
CREATE TRIGGER "onboarding_progress_announce" AFTER INSERT OR UPDATE OR DELETE ON "onboarding_progress" FOR EACH ROW EXECUTE FUNCTION "sightline_announce_user"('user_id');
--> statement-breakpoint
CREATE TRIGGER "search_console_connections_announce" AFTER INSERT OR UPDATE OR DELETE ON "search_console_connections" FOR EACH ROW EXECUTE FUNCTION "sightline_announce_user"('user_id');
--> statement-breakpoint
CREATE TRIGGER "search_console_connect_states_announce" AFTER INSERT OR UPDATE OR DELETE ON "search_console_connect_states" FOR EACH ROW EXECUTE FUNCTION "sightline_announce_user"('user_id');
--> statement-breakpoint
CREATE TRIGGER "analyses_announce" AFTER INSERT OR UPDATE OR DELETE ON "analyses" FOR EACH ROW EXECUTE FUNCTION "sightline_announce_user"('user_id');
--> statement-breakpoint
CREATE TRIGGER "user_questions_announce" AFTER INSERT OR UPDATE OR DELETE ON "user_questions" FOR EACH ROW EXECUTE FUNCTION "sightline_announce_user"('user_id');
--> statement-breakpoint
CREATE TRIGGER "query_cluster_snapshots_announce" AFTER INSERT OR UPDATE OR DELETE ON "query_cluster_snapshots" FOR EACH ROW EXECUTE FUNCTION "sightline_announce_user"('user_id');
--> statement-breakpoint
CREATE TRIGGER "site_audits_announce" AFTER INSERT OR UPDATE OR DELETE ON "site_audits" FOR EACH ROW EXECUTE FUNCTION "sightline_announce_user"('user_id');
--> statement-breakpoint
CREATE TRIGGER "feature_waitlist_announce" AFTER INSERT OR UPDATE OR DELETE ON "feature_waitlist" FOR EACH ROW EXECUTE FUNCTION "sightline_announce_user"('user_id');
--> statement-breakpoint
CREATE TRIGGER "video_progress_announce" AFTER INSERT OR UPDATE OR DELETE ON "video_progress" FOR EACH ROW EXECUTE FUNCTION "sightline_announce_user"('user_id');
--> statement-breakpoint
CREATE TRIGGER "analysis_answers_announce_insert" AFTER INSERT ON "analysis_answers" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "sightline_announce_users"();
--> statement-breakpoint
CREATE TRIGGER "analysis_answers_announce_update" AFTER UPDATE ON "analysis_answers" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "sightline_announce_users"();
--> statement-breakpoint
CREATE TRIGGER "analysis_answers_announce_delete" AFTER DELETE ON "analysis_answers" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "sightline_announce_users"();
--> statement-breakpoint
CREATE TRIGGER "answer_citations_announce_insert" AFTER INSERT ON "answer_citations" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "sightline_announce_users"();
--> statement-breakpoint
CREATE TRIGGER "answer_citations_announce_update" AFTER UPDATE ON "answer_citations" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "sightline_announce_users"();
--> statement-breakpoint
CREATE TRIGGER "answer_citations_announce_delete" AFTER DELETE ON "answer_citations" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "sightline_announce_users"();
--> statement-breakpoint
CREATE TRIGGER "answer_mentions_announce_insert" AFTER INSERT ON "answer_mentions" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "sightline_announce_users"();
--> statement-breakpoint
CREATE TRIGGER "answer_mentions_announce_update" AFTER UPDATE ON "answer_mentions" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "sightline_announce_users"();
--> statement-breakpoint
CREATE TRIGGER "answer_mentions_announce_delete" AFTER DELETE ON "answer_mentions" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "sightline_announce_users"();
--> statement-breakpoint
CREATE TRIGGER "answer_search_queries_announce_insert" AFTER INSERT ON "answer_search_queries" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "sightline_announce_users"();
--> statement-breakpoint
CREATE TRIGGER "answer_search_queries_announce_update" AFTER UPDATE ON "answer_search_queries" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "sightline_announce_users"();
--> statement-breakpoint
CREATE TRIGGER "answer_search_queries_announce_delete" AFTER DELETE ON "answer_search_queries" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "sightline_announce_users"();
--> statement-breakpoint
CREATE TRIGGER "query_cluster_rows_announce_insert" AFTER INSERT ON "query_cluster_rows" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "sightline_announce_users"();
--> statement-breakpoint
CREATE TRIGGER "query_cluster_rows_announce_update" AFTER UPDATE ON "query_cluster_rows" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "sightline_announce_users"();
--> statement-breakpoint
CREATE TRIGGER "query_cluster_rows_announce_delete" AFTER DELETE ON "query_cluster_rows" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "sightline_announce_users"();
--> statement-breakpoint
CREATE TRIGGER "search_console_days_announce_insert" AFTER INSERT ON "search_console_days" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "sightline_announce_users"();
--> statement-breakpoint
CREATE TRIGGER "search_console_days_announce_update" AFTER UPDATE ON "search_console_days" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "sightline_announce_users"();
--> statement-breakpoint
CREATE TRIGGER "search_console_days_announce_delete" AFTER DELETE ON "search_console_days" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "sightline_announce_users"();
--> statement-breakpoint
CREATE TRIGGER "search_console_top_rows_announce_insert" AFTER INSERT ON "search_console_top_rows" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "sightline_announce_users"();
--> statement-breakpoint
CREATE TRIGGER "search_console_top_rows_announce_update" AFTER UPDATE ON "search_console_top_rows" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "sightline_announce_users"();
--> statement-breakpoint
CREATE TRIGGER "search_console_top_rows_announce_delete" AFTER DELETE ON "search_console_top_rows" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "sightline_announce_users"();
--> statement-breakpoint
CREATE TRIGGER "plans_announce" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "plans" FOR EACH STATEMENT EXECUTE FUNCTION "sightline_announce_everyone"();
--> statement-breakpoint
CREATE TRIGGER "courses_announce" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "courses" FOR EACH STATEMENT EXECUTE FUNCTION "sightline_announce_everyone"();
--> statement-breakpoint
CREATE TRIGGER "chapters_announce" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "chapters" FOR EACH STATEMENT EXECUTE FUNCTION "sightline_announce_everyone"();
--> statement-breakpoint
CREATE TRIGGER "videos_announce" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "videos" FOR EACH STATEMENT EXECUTE FUNCTION "sightline_announce_everyone"();
--> statement-breakpoint
CREATE TRIGGER "backlink_sites_announce" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "backlink_sites" FOR EACH STATEMENT EXECUTE FUNCTION "sightline_announce_everyone"();
--> statement-breakpoint
CREATE TRIGGER "backlink_offers_announce" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "backlink_offers" FOR EACH STATEMENT EXECUTE FUNCTION "sightline_announce_everyone"();
