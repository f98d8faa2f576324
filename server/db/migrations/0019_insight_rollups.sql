CREATE TABLE "insight_answer_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"provider" text NOT NULL,
	"category" text NOT NULL,
	"answers" integer NOT NULL,
	CONSTRAINT "insight_answer_days_pk" PRIMARY KEY("user_id","day","provider","category")
);
--> statement-breakpoint
CREATE TABLE "insight_brand_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"analysis_id" uuid NOT NULL,
	"demo" boolean NOT NULL,
	"name" text NOT NULL,
	"is_brand" boolean NOT NULL,
	"tracked" boolean NOT NULL,
	"answers" integer NOT NULL,
	"mentions" integer NOT NULL,
	"positions" integer NOT NULL,
	"positive" integer NOT NULL,
	"neutral" integer NOT NULL,
	"negative" integer NOT NULL,
	CONSTRAINT "insight_brand_days_pk" PRIMARY KEY("user_id","day","analysis_id","demo","name","is_brand","tracked")
);
--> statement-breakpoint
CREATE TABLE "insight_domain_category_days" (
	"user_id" uuid NOT NULL,
	"category" text NOT NULL,
	"provider" text NOT NULL,
	"day" date NOT NULL,
	"domain" text,
	"citations" integer NOT NULL,
	CONSTRAINT "insight_domain_category_days_key" UNIQUE NULLS NOT DISTINCT("user_id","category","provider","day","domain")
);
--> statement-breakpoint
CREATE TABLE "insight_domain_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"provider" text NOT NULL,
	"domain" text,
	"citations" integer NOT NULL,
	CONSTRAINT "insight_domain_days_key" UNIQUE NULLS NOT DISTINCT("user_id","day","provider","domain")
);
--> statement-breakpoint
ALTER TABLE "insight_answer_days" ADD CONSTRAINT "insight_answer_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_brand_days" ADD CONSTRAINT "insight_brand_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_domain_category_days" ADD CONSTRAINT "insight_domain_category_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_domain_days" ADD CONSTRAINT "insight_domain_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_citations_user_domain_idx" ON "answer_citations" USING btree ("user_id","domain","provider","category","answered_at");
--> statement-breakpoint
-- The roll-ups follow the rows they count in the same transaction, whoever writes or deletes them
-- (the pipeline, the re-score, a cascade from an analysis or a user, an operator's SQL). Statement
-- triggers with transition tables: one aggregate per statement, not one call per row. Upserts go in
-- key order so two transactions adding to the same rows take their locks in the same order.
CREATE FUNCTION "insight_answer_days_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		UPDATE "insight_answer_days" t SET "answers" = t."answers" - o."answers"
		FROM (
			SELECT "user_id", ("answered_at" AT TIME ZONE 'UTC')::date AS "day", "provider", "category", count(*)::int AS "answers"
			FROM "old_rows" WHERE "status" = 'completed' AND "answered_at" IS NOT NULL GROUP BY 1, 2, 3, 4
		) o
		WHERE t."user_id" = o."user_id" AND t."day" = o."day" AND t."provider" = o."provider" AND t."category" = o."category";
		DELETE FROM "insight_answer_days" t WHERE t."answers" <= 0
			AND (t."user_id", t."day") IN (SELECT "user_id", ("answered_at" AT TIME ZONE 'UTC')::date FROM "old_rows" WHERE "status" = 'completed' AND "answered_at" IS NOT NULL);
	ELSE
		INSERT INTO "insight_answer_days" ("user_id", "day", "provider", "category", "answers")
		SELECT "user_id", ("answered_at" AT TIME ZONE 'UTC')::date, "provider", "category", count(*)::int
		FROM "new_rows" WHERE "status" = 'completed' AND "answered_at" IS NOT NULL GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
		ON CONFLICT ("user_id", "day", "provider", "category") DO UPDATE SET "answers" = "insight_answer_days"."answers" + excluded."answers";
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- An update of an answer moves it in or out of the count only when its status, time, provider,
-- category or user changes: a row trigger with that condition, so the many other updates of an
-- answer (claims, attempts, re-scores) call nothing.
CREATE FUNCTION "insight_answer_days_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF OLD."status" = 'completed' AND OLD."answered_at" IS NOT NULL THEN
		UPDATE "insight_answer_days" SET "answers" = "answers" - 1
		WHERE "user_id" = OLD."user_id" AND "day" = (OLD."answered_at" AT TIME ZONE 'UTC')::date AND "provider" = OLD."provider" AND "category" = OLD."category";
		DELETE FROM "insight_answer_days"
		WHERE "user_id" = OLD."user_id" AND "day" = (OLD."answered_at" AT TIME ZONE 'UTC')::date AND "provider" = OLD."provider" AND "category" = OLD."category" AND "answers" <= 0;
	END IF;
	IF NEW."status" = 'completed' AND NEW."answered_at" IS NOT NULL THEN
		INSERT INTO "insight_answer_days" ("user_id", "day", "provider", "category", "answers")
		VALUES (NEW."user_id", (NEW."answered_at" AT TIME ZONE 'UTC')::date, NEW."provider", NEW."category", 1)
		ON CONFLICT ("user_id", "day", "provider", "category") DO UPDATE SET "answers" = "insight_answer_days"."answers" + 1;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "analysis_answers_rollup_insert" AFTER INSERT ON "analysis_answers" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "insight_answer_days_add"();
--> statement-breakpoint
CREATE TRIGGER "analysis_answers_rollup_delete" AFTER DELETE ON "analysis_answers" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "insight_answer_days_add"();
--> statement-breakpoint
CREATE TRIGGER "analysis_answers_rollup_update" AFTER UPDATE ON "analysis_answers" FOR EACH ROW
	WHEN ((OLD."status" = 'completed' OR NEW."status" = 'completed') AND (OLD."status", OLD."answered_at", OLD."provider", OLD."category", OLD."user_id") IS DISTINCT FROM (NEW."status", NEW."answered_at", NEW."provider", NEW."category", NEW."user_id"))
	EXECUTE FUNCTION "insight_answer_days_move"();
--> statement-breakpoint
CREATE FUNCTION "insight_domain_days_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('DELETE', 'UPDATE') THEN
		UPDATE "insight_domain_days" t SET "citations" = t."citations" - o."citations"
		FROM (
			SELECT "user_id", ("answered_at" AT TIME ZONE 'UTC')::date AS "day", "provider", "domain", count(*)::int AS "citations"
			FROM "old_rows" GROUP BY 1, 2, 3, 4
		) o
		WHERE t."user_id" = o."user_id" AND t."day" = o."day" AND t."provider" = o."provider" AND t."domain" IS NOT DISTINCT FROM o."domain";
		DELETE FROM "insight_domain_days" t WHERE t."citations" <= 0
			AND (t."user_id", t."day") IN (SELECT "user_id", ("answered_at" AT TIME ZONE 'UTC')::date FROM "old_rows");
		UPDATE "insight_domain_category_days" t SET "citations" = t."citations" - o."citations"
		FROM (
			SELECT "user_id", "category", "provider", ("answered_at" AT TIME ZONE 'UTC')::date AS "day", "domain", count(*)::int AS "citations"
			FROM "old_rows" GROUP BY 1, 2, 3, 4, 5
		) o
		WHERE t."user_id" = o."user_id" AND t."category" = o."category" AND t."provider" = o."provider" AND t."day" = o."day" AND t."domain" IS NOT DISTINCT FROM o."domain";
		DELETE FROM "insight_domain_category_days" t WHERE t."citations" <= 0
			AND (t."user_id", t."category", t."provider", t."day") IN (SELECT "user_id", "category", "provider", ("answered_at" AT TIME ZONE 'UTC')::date FROM "old_rows");
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		INSERT INTO "insight_domain_days" ("user_id", "day", "provider", "domain", "citations")
		SELECT "user_id", ("answered_at" AT TIME ZONE 'UTC')::date, "provider", "domain", count(*)::int
		FROM "new_rows" GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
		ON CONFLICT ("user_id", "day", "provider", "domain") DO UPDATE SET "citations" = "insight_domain_days"."citations" + excluded."citations";
		INSERT INTO "insight_domain_category_days" ("user_id", "category", "provider", "day", "domain", "citations")
		SELECT "user_id", "category", "provider", ("answered_at" AT TIME ZONE 'UTC')::date, "domain", count(*)::int
		FROM "new_rows" GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
		ON CONFLICT ("user_id", "category", "provider", "day", "domain") DO UPDATE SET "citations" = "insight_domain_category_days"."citations" + excluded."citations";
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "answer_citations_rollup_insert" AFTER INSERT ON "answer_citations" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "insight_domain_days_add"();
--> statement-breakpoint
CREATE TRIGGER "answer_citations_rollup_delete" AFTER DELETE ON "answer_citations" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "insight_domain_days_add"();
--> statement-breakpoint
CREATE TRIGGER "answer_citations_rollup_update" AFTER UPDATE ON "answer_citations" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "insight_domain_days_add"();
--> statement-breakpoint
CREATE FUNCTION "insight_brand_days_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('DELETE', 'UPDATE') THEN
		UPDATE "insight_brand_days" t SET "answers" = t."answers" - o."answers", "mentions" = t."mentions" - o."mentions", "positions" = t."positions" - o."positions",
			"positive" = t."positive" - o."positive", "neutral" = t."neutral" - o."neutral", "negative" = t."negative" - o."negative"
		FROM (
			SELECT "user_id", ("answered_at" AT TIME ZONE 'UTC')::date AS "day", "analysis_id", "provider" = 'demo' AS "demo", "name", "is_brand", "tracked",
				count(*)::int AS "answers", sum("count")::int AS "mentions", sum("position")::int AS "positions",
				(count(*) FILTER (WHERE "sentiment" = 'positive'))::int AS "positive", (count(*) FILTER (WHERE "sentiment" = 'neutral'))::int AS "neutral",
				(count(*) FILTER (WHERE "sentiment" = 'negative'))::int AS "negative"
			FROM "old_rows" GROUP BY 1, 2, 3, 4, 5, 6, 7
		) o
		WHERE t."user_id" = o."user_id" AND t."day" = o."day" AND t."analysis_id" = o."analysis_id" AND t."demo" = o."demo" AND t."name" = o."name"
			AND t."is_brand" = o."is_brand" AND t."tracked" = o."tracked";
		DELETE FROM "insight_brand_days" t WHERE t."answers" <= 0
			AND (t."user_id", t."day") IN (SELECT "user_id", ("answered_at" AT TIME ZONE 'UTC')::date FROM "old_rows");
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		INSERT INTO "insight_brand_days" ("user_id", "day", "analysis_id", "demo", "name", "is_brand", "tracked", "answers", "mentions", "positions", "positive", "neutral", "negative")
		SELECT "user_id", ("answered_at" AT TIME ZONE 'UTC')::date, "analysis_id", "provider" = 'demo', "name", "is_brand", "tracked",
			count(*)::int, sum("count")::int, sum("position")::int,
			(count(*) FILTER (WHERE "sentiment" = 'positive'))::int, (count(*) FILTER (WHERE "sentiment" = 'neutral'))::int, (count(*) FILTER (WHERE "sentiment" = 'negative'))::int
		FROM "new_rows" GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
		ON CONFLICT ("user_id", "day", "analysis_id", "demo", "name", "is_brand", "tracked") DO UPDATE SET
			"answers" = "insight_brand_days"."answers" + excluded."answers", "mentions" = "insight_brand_days"."mentions" + excluded."mentions",
			"positions" = "insight_brand_days"."positions" + excluded."positions", "positive" = "insight_brand_days"."positive" + excluded."positive",
			"neutral" = "insight_brand_days"."neutral" + excluded."neutral", "negative" = "insight_brand_days"."negative" + excluded."negative";
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "answer_mentions_rollup_insert" AFTER INSERT ON "answer_mentions" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "insight_brand_days_add"();
--> statement-breakpoint
CREATE TRIGGER "answer_mentions_rollup_delete" AFTER DELETE ON "answer_mentions" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "insight_brand_days_add"();
--> statement-breakpoint
CREATE TRIGGER "answer_mentions_rollup_update" AFTER UPDATE ON "answer_mentions" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "insight_brand_days_add"();
--> statement-breakpoint
-- Recomputes the roll-ups from the rows: of one user (null: everyone) and UTC days (null: all).
-- The backfill below, tests and repairs call it. It locks the roll-ups against writers until the
-- transaction ends, so a concurrent answer is either counted by the recount or added after it.
CREATE FUNCTION "insight_rollups_rebuild"("p_user" uuid, "p_from" date, "p_to" date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	LOCK TABLE "insight_answer_days", "insight_domain_days", "insight_domain_category_days", "insight_brand_days" IN EXCLUSIVE MODE;
	DELETE FROM "insight_answer_days" WHERE ("p_user" IS NULL OR "user_id" = "p_user") AND ("p_from" IS NULL OR "day" >= "p_from") AND ("p_to" IS NULL OR "day" <= "p_to");
	DELETE FROM "insight_domain_days" WHERE ("p_user" IS NULL OR "user_id" = "p_user") AND ("p_from" IS NULL OR "day" >= "p_from") AND ("p_to" IS NULL OR "day" <= "p_to");
	DELETE FROM "insight_domain_category_days" WHERE ("p_user" IS NULL OR "user_id" = "p_user") AND ("p_from" IS NULL OR "day" >= "p_from") AND ("p_to" IS NULL OR "day" <= "p_to");
	DELETE FROM "insight_brand_days" WHERE ("p_user" IS NULL OR "user_id" = "p_user") AND ("p_from" IS NULL OR "day" >= "p_from") AND ("p_to" IS NULL OR "day" <= "p_to");
	INSERT INTO "insight_answer_days" ("user_id", "day", "provider", "category", "answers")
	SELECT "user_id", ("answered_at" AT TIME ZONE 'UTC')::date AS "d", "provider", "category", count(*)::int
	FROM "analysis_answers"
	WHERE "status" = 'completed' AND "answered_at" IS NOT NULL AND ("p_user" IS NULL OR "user_id" = "p_user")
		AND ("p_from" IS NULL OR "answered_at" >= "p_from"::timestamp AT TIME ZONE 'UTC') AND ("p_to" IS NULL OR "answered_at" < ("p_to" + 1)::timestamp AT TIME ZONE 'UTC')
	GROUP BY 1, 2, 3, 4;
	INSERT INTO "insight_domain_category_days" ("user_id", "category", "provider", "day", "domain", "citations")
	SELECT "user_id", "category", "provider", ("answered_at" AT TIME ZONE 'UTC')::date, "domain", count(*)::int
	FROM "answer_citations"
	WHERE ("p_user" IS NULL OR "user_id" = "p_user")
		AND ("p_from" IS NULL OR "answered_at" >= "p_from"::timestamp AT TIME ZONE 'UTC') AND ("p_to" IS NULL OR "answered_at" < ("p_to" + 1)::timestamp AT TIME ZONE 'UTC')
	GROUP BY 1, 2, 3, 4, 5;
	INSERT INTO "insight_domain_days" ("user_id", "day", "provider", "domain", "citations")
	SELECT "user_id", "day", "provider", "domain", sum("citations")::int
	FROM "insight_domain_category_days"
	WHERE ("p_user" IS NULL OR "user_id" = "p_user") AND ("p_from" IS NULL OR "day" >= "p_from") AND ("p_to" IS NULL OR "day" <= "p_to")
	GROUP BY 1, 2, 3, 4;
	INSERT INTO "insight_brand_days" ("user_id", "day", "analysis_id", "demo", "name", "is_brand", "tracked", "answers", "mentions", "positions", "positive", "neutral", "negative")
	SELECT "user_id", ("answered_at" AT TIME ZONE 'UTC')::date, "analysis_id", "provider" = 'demo', "name", "is_brand", "tracked",
		count(*)::int, sum("count")::int, sum("position")::int,
		(count(*) FILTER (WHERE "sentiment" = 'positive'))::int, (count(*) FILTER (WHERE "sentiment" = 'neutral'))::int, (count(*) FILTER (WHERE "sentiment" = 'negative'))::int
	FROM "answer_mentions"
	WHERE ("p_user" IS NULL OR "user_id" = "p_user")
		AND ("p_from" IS NULL OR "answered_at" >= "p_from"::timestamp AT TIME ZONE 'UTC') AND ("p_to" IS NULL OR "answered_at" < ("p_to" + 1)::timestamp AT TIME ZONE 'UTC')
	GROUP BY 1, 2, 3, 4, 5, 6, 7;
END $$;
--> statement-breakpoint
-- The backfill: every existing answer, citation and mention.
SELECT "insight_rollups_rebuild"(NULL, NULL, NULL);
