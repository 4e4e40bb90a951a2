-- Operator uploads (issue 18, docs/support.md, docs/news.md): a file is owned by a customer or by an operator, never
-- both and never neither. Operators attach pictures to support answers (support_messages.file_id keeps them) and put
-- images in articles (articles.files lists the uploads an article's Markdown uses, and keeps them). A conversation
-- records the language of the screen that started it (old ones: the customer's profile language at migration time).
ALTER TABLE "files" ALTER COLUMN "owner_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "owner_operator_id" bigint;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_operator_id_operators_id_fk" FOREIGN KEY ("owner_operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_one_owner" CHECK (("files"."owner_user_id" is null) <> ("files"."owner_operator_id" is null));--> statement-breakpoint
CREATE INDEX "files_owner_operator" ON "files" USING btree ("owner_operator_id");--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "files" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD COLUMN "language" text;--> statement-breakpoint
UPDATE "support_conversations" c SET "language" = u."language" FROM "users" u WHERE u."id" = c."user_id";--> statement-breakpoint
UPDATE "support_conversations" SET "language" = 'en' WHERE "language" IS NULL;--> statement-breakpoint
ALTER TABLE "support_conversations" ALTER COLUMN "language" SET NOT NULL;
