-- Robot orders (issue 17, docs/strategies.md "Robot orders"): a customer's robot with the product's terms copied at
-- its start, its own book (the strategy engine's, stepped hourly by the strategies job) and status; its equity curve
-- (one row per tick) and event log (state changes and fills), their primary keys refusing a tick or an event twice.
-- The drizzle schema lives in apps/server/src/modules/robots/schema.ts; this migration is hand-written, like 0032,
-- and their source of truth. The money moves only in the ledger (robotStart, robotPayout; reference robot:<id>).
CREATE TABLE "robot_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"robot_id" integer NOT NULL,
	"code" text NOT NULL,
	"instrument" text NOT NULL,
	"term" text NOT NULL,
	"cycle_days" integer,
	"price" numeric(24, 8) NOT NULL,
	"allocation" numeric(24, 8) NOT NULL,
	"params" jsonb NOT NULL,
	"book" jsonb NOT NULL,
	"book_tick" timestamp with time zone NOT NULL,
	"value" numeric(24, 8) NOT NULL,
	"status" smallint NOT NULL,
	"events" integer DEFAULT 0 NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone,
	"paid_out" numeric(24, 8),
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "robot_orders_status" CHECK ("robot_orders"."status" between 1 and 6),
	CONSTRAINT "robot_orders_term" CHECK ("robot_orders"."term" in ('rent', 'buy') and ("robot_orders"."term" = 'rent') = ("robot_orders"."end_at" is not null)),
	CONSTRAINT "robot_orders_amounts" CHECK ("robot_orders"."allocation" > 0 and "robot_orders"."price" >= 0 and "robot_orders"."value" >= 0),
	CONSTRAINT "robot_orders_closed" CHECK (("robot_orders"."status" = 6) = ("robot_orders"."closed_at" is not null) and ("robot_orders"."status" = 6) = ("robot_orders"."paid_out" is not null))
);
--> statement-breakpoint
CREATE TABLE "robot_navs" (
	"order_id" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"value" numeric(24, 8) NOT NULL,
	CONSTRAINT "robot_navs_order_id_at_pk" PRIMARY KEY("order_id","at")
);
--> statement-breakpoint
CREATE TABLE "robot_events" (
	"order_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"status" smallint,
	"side" text,
	"quantity" numeric(30, 10),
	"price" numeric(30, 10),
	"fee" numeric(24, 8),
	CONSTRAINT "robot_events_order_id_seq_pk" PRIMARY KEY("order_id","seq"),
	CONSTRAINT "robot_events_kind" CHECK ("robot_events"."kind" in ('status', 'filled'))
);
--> statement-breakpoint
ALTER TABLE "robot_orders" ADD CONSTRAINT "robot_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "robot_navs" ADD CONSTRAINT "robot_navs_order_id_robot_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."robot_orders"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "robot_events" ADD CONSTRAINT "robot_events_order_id_robot_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."robot_orders"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "robot_orders_user" ON "robot_orders" USING btree ("user_id","id");
--> statement-breakpoint
CREATE INDEX "robot_orders_open" ON "robot_orders" USING btree ("id") WHERE "robot_orders"."status" < 6;
