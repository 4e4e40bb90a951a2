-- Primary markets (issue 15, docs/primary-markets.md "The allotment job"): the record of each offering's allotment,
-- written by the leader job at the close in the same transaction that settles the subscriptions. It keeps the
-- published inputs (rule, seed, lots offered, the applications in lots) and the result, so anyone can recompute it
-- with the pure `allot` (modules/primary/allotment.ts). Hand-written like 0017; its drizzle table lives in
-- modules/primary/allotment-schema.ts. One row per offering (the primary key): a second run cannot record twice.
CREATE TABLE "offering_allotments" (
	"offering_id" bigint PRIMARY KEY NOT NULL,
	"rule" text NOT NULL,
	"seed" text NOT NULL,
	"lot_size" integer NOT NULL,
	"lots_offered" bigint NOT NULL,
	"lots_applied" bigint NOT NULL,
	"lots_allotted" bigint NOT NULL,
	"applications" jsonb NOT NULL,
	"result" jsonb NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	CONSTRAINT "offering_allotments_rule" CHECK ("offering_allotments"."rule" in ('ballot', 'proRata')),
	CONSTRAINT "offering_allotments_lots" CHECK ("offering_allotments"."lot_size" > 0 and "offering_allotments"."lots_allotted" >= 0 and "offering_allotments"."lots_allotted" <= "offering_allotments"."lots_offered" and "offering_allotments"."lots_allotted" <= "offering_allotments"."lots_applied")
);
--> statement-breakpoint
ALTER TABLE "offering_allotments" ADD CONSTRAINT "offering_allotments_offering_id_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."offerings"("id") ON DELETE no action ON UPDATE no action;
