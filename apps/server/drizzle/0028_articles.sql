-- News and articles (issue 18, docs/news.md): articles and announcements written by operators in the console and one
-- market wrap per trading day written by the leader job from the simulator's movers. Title and Markdown body per
-- language (jsonb { en, nl, zh-Hans }); the drizzle schema is apps/server/src/modules/articles/schema.ts, this file
-- its source of truth. wrap_day is unique, so a day's wrap is written once whatever reruns or nodes there are;
-- announced_to is set once, with the inbox messages of an announcement's first publication.
CREATE TABLE "articles" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"instruments" text[] DEFAULT '{}'::text[] NOT NULL,
	"wrap_day" date,
	"published_at" timestamp with time zone,
	"unpublished_at" timestamp with time zone,
	"announced_to" integer,
	"created_by" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "articles_kind" CHECK ("articles"."kind" in ('article', 'market_wrap', 'announcement')),
	CONSTRAINT "articles_wrap_day" CHECK (("articles"."kind" = 'market_wrap') = ("articles"."wrap_day" is not null))
);
--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_created_by_operators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "articles_wrap_day_unique" ON "articles" USING btree ("wrap_day");
--> statement-breakpoint
CREATE INDEX "articles_published" ON "articles" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "articles"."published_at" is not null and "articles"."unpublished_at" is null;
--> statement-breakpoint
CREATE INDEX "articles_instruments" ON "articles" USING gin ("instruments");
