CREATE TABLE "transaction_day_sums" (
	"upload_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"treatment" text NOT NULL,
	"tax_point_date" date NOT NULL,
	"departure_country" char(2),
	"arrival_country" char(2),
	"taxable_jurisdiction" char(2),
	"currency" char(3),
	"vat_rate" numeric(7, 6),
	"buyer_vat_number" text,
	"net_amount" numeric(18, 2) NOT NULL,
	"vat_amount" numeric(18, 2) NOT NULL,
	"gross_amount" numeric(18, 2) NOT NULL,
	"computed_vat_amount" numeric(18, 2) NOT NULL,
	"transaction_count" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "transaction_day_sums_upload_idx" ON "transaction_day_sums" USING btree ("upload_id");--> statement-breakpoint
-- The uploads stored before this table existed get their day sums from their rows, at the grain the import writes.
INSERT INTO "transaction_day_sums" ("upload_id", "company_id", "treatment", "tax_point_date", "departure_country", "arrival_country", "taxable_jurisdiction", "currency", "vat_rate", "buyer_vat_number", "net_amount", "vat_amount", "gross_amount", "computed_vat_amount", "transaction_count")
SELECT "upload_id", "company_id", "treatment", "tax_point_date", "departure_country", "arrival_country", "taxable_jurisdiction", "currency", "vat_rate", "buyer_vat_number", sum("net_amount"), sum("vat_amount"), sum("gross_amount"), sum("computed_vat_amount"), count(*)
FROM "transactions"
GROUP BY "upload_id", "company_id", "treatment", "tax_point_date", "departure_country", "arrival_country", "taxable_jurisdiction", "currency", "vat_rate", "buyer_vat_number";
