-- The day sums carry the channel the analytics break the rows down by (the marketplace, or the sales channel where a
-- row names none), so the analytics read the sums instead of the rows. Every upload's sums are summed again from its
-- rows, as `replaceDaySumsFromRows` does, with the channel in their grain; the index then takes the date as well,
-- for the analytics' month at a time.
DROP INDEX "transaction_day_sums_upload_idx";--> statement-breakpoint
ALTER TABLE "transaction_day_sums" ADD COLUMN "channel" text;--> statement-breakpoint
DELETE FROM "transaction_day_sums";--> statement-breakpoint
INSERT INTO "transaction_day_sums" ("upload_id", "company_id", "treatment", "tax_point_date", "departure_country",
  "arrival_country", "taxable_jurisdiction", "currency", "vat_rate", "buyer_vat_number", "channel", "net_amount",
  "vat_amount", "gross_amount", "computed_vat_amount", "transaction_count")
SELECT "upload_id", "company_id", "treatment", "tax_point_date", "departure_country", "arrival_country",
  "taxable_jurisdiction", "currency", "vat_rate", "buyer_vat_number", coalesce("marketplace", "sales_channel"),
  sum("net_amount"), sum("vat_amount"), sum("gross_amount"), sum("computed_vat_amount"), count(*)
FROM "transactions"
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11;--> statement-breakpoint
CREATE INDEX "transaction_day_sums_upload_idx" ON "transaction_day_sums" USING btree ("upload_id","tax_point_date");
