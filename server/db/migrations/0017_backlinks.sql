CREATE TABLE "backlink_offers" (
	"site_id" uuid NOT NULL,
	"link_type" text NOT NULL,
	"price" integer NOT NULL,
	CONSTRAINT "backlink_offers_site_id_link_type_pk" PRIMARY KEY("site_id","link_type")
);
--> statement-breakpoint
CREATE TABLE "backlink_order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"cart_item_id" uuid,
	"site_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"link_type" text NOT NULL,
	"price" integer NOT NULL,
	"currency" text NOT NULL,
	"target_url" text NOT NULL,
	"anchor_text" text NOT NULL,
	"status" text DEFAULT 'pending_payment' NOT NULL,
	"published_url" text,
	"note" text,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backlink_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending_payment' NOT NULL,
	"currency" text NOT NULL,
	"total" integer NOT NULL,
	"provider" text NOT NULL,
	"external_id" text,
	"checkout_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "backlink_sites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"domain" text NOT NULL,
	"registrable_domain" text NOT NULL,
	"url" text NOT NULL,
	"dr" integer NOT NULL,
	"da" integer NOT NULL,
	"traffic" integer NOT NULL,
	"price" integer NOT NULL,
	"currency" text NOT NULL,
	"category" text NOT NULL,
	"language" text NOT NULL,
	"country" text NOT NULL,
	"dofollow" boolean DEFAULT true NOT NULL,
	"turnaround_days" integer NOT NULL,
	"sample_url" text,
	"demo" boolean DEFAULT false NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"page_id" text NOT NULL,
	"search_id" text,
	"domain_id" text NOT NULL,
	"site_data" jsonb NOT NULL,
	"link_type" text NOT NULL,
	"price_at_add" integer NOT NULL,
	"currency" text NOT NULL,
	"target_url" text,
	"anchor_text" text,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "backlink_offers" ADD CONSTRAINT "backlink_offers_site_id_backlink_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."backlink_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backlink_order_items" ADD CONSTRAINT "backlink_order_items_order_id_backlink_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."backlink_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backlink_order_items" ADD CONSTRAINT "backlink_order_items_site_id_backlink_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."backlink_sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backlink_orders" ADD CONSTRAINT "backlink_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_site_id_backlink_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."backlink_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backlink_offers_type_idx" ON "backlink_offers" USING btree ("link_type","price");--> statement-breakpoint
CREATE INDEX "backlink_order_items_order_idx" ON "backlink_order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "backlink_order_items_status_idx" ON "backlink_order_items" USING btree ("status","status_changed_at");--> statement-breakpoint
CREATE INDEX "backlink_orders_user_idx" ON "backlink_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "backlink_orders_external_idx" ON "backlink_orders" USING btree ("external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "backlink_sites_domain_idx" ON "backlink_sites" USING btree ("domain");--> statement-breakpoint
CREATE INDEX "backlink_sites_live_price_idx" ON "backlink_sites" USING btree ("price") WHERE "backlink_sites"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "backlink_sites_live_dr_idx" ON "backlink_sites" USING btree ("dr") WHERE "backlink_sites"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "backlink_sites_live_traffic_idx" ON "backlink_sites" USING btree ("traffic") WHERE "backlink_sites"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "backlink_sites_category_idx" ON "backlink_sites" USING btree ("category","price");--> statement-breakpoint
CREATE INDEX "backlink_sites_registrable_idx" ON "backlink_sites" USING btree ("registrable_domain");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_user_page_type_idx" ON "cart_items" USING btree ("user_id","page_id","link_type");