-- The statistics of the transactions and of their day sums are taken from a sample of 7,500 rows (a statistics target
-- of 25 on every column; 300 rows a unit of the largest target) instead of 30,000 (the default target, 100). The
-- upkeep after an import takes them (analyzeTransactionsIfChanged), and on PGlite its ANALYZE holds the one connection,
-- and every request with it: at 1M rows the rows' took 0.77 s and the day sums' 0.24 s on PostgreSQL, against 0.18
-- s and 0.05 s with this. The planner reads few columns of them, each with few values (a treatment, a type, a country, a
-- currency, a rate) or a range (the dates and the ids that begin with them), which 25 common values or histogram
-- buckets describe; the ids are unique either way. A column added to either table must be given the same target
-- (transactions-upkeep.integration-test.ts checks them all).
ALTER TABLE "transactions"
  ALTER COLUMN "id" SET STATISTICS 25,
  ALTER COLUMN "company_id" SET STATISTICS 25,
  ALTER COLUMN "upload_id" SET STATISTICS 25,
  ALTER COLUMN "source" SET STATISTICS 25,
  ALTER COLUMN "line_number" SET STATISTICS 25,
  ALTER COLUMN "transaction_type" SET STATISTICS 25,
  ALTER COLUMN "event_id" SET STATISTICS 25,
  ALTER COLUMN "activity_id" SET STATISTICS 25,
  ALTER COLUMN "tax_point_date" SET STATISTICS 25,
  ALTER COLUMN "complete_date" SET STATISTICS 25,
  ALTER COLUMN "marketplace" SET STATISTICS 25,
  ALTER COLUMN "sales_channel" SET STATISTICS 25,
  ALTER COLUMN "departure_country" SET STATISTICS 25,
  ALTER COLUMN "arrival_country" SET STATISTICS 25,
  ALTER COLUMN "taxable_jurisdiction" SET STATISTICS 25,
  ALTER COLUMN "currency" SET STATISTICS 25,
  ALTER COLUMN "net_amount" SET STATISTICS 25,
  ALTER COLUMN "vat_amount" SET STATISTICS 25,
  ALTER COLUMN "gross_amount" SET STATISTICS 25,
  ALTER COLUMN "vat_rate" SET STATISTICS 25,
  ALTER COLUMN "computed_vat_amount" SET STATISTICS 25,
  ALTER COLUMN "buyer_vat_number" SET STATISTICS 25,
  ALTER COLUMN "seller_vat_number" SET STATISTICS 25,
  ALTER COLUMN "is_export" SET STATISTICS 25,
  ALTER COLUMN "tax_reporting_scheme" SET STATISTICS 25,
  ALTER COLUMN "tax_collection_responsibility" SET STATISTICS 25,
  ALTER COLUMN "quantity" SET STATISTICS 25,
  ALTER COLUMN "sku" SET STATISTICS 25,
  ALTER COLUMN "treatment" SET STATISTICS 25;--> statement-breakpoint
ALTER TABLE "transaction_day_sums"
  ALTER COLUMN "upload_id" SET STATISTICS 25,
  ALTER COLUMN "company_id" SET STATISTICS 25,
  ALTER COLUMN "treatment" SET STATISTICS 25,
  ALTER COLUMN "tax_point_date" SET STATISTICS 25,
  ALTER COLUMN "departure_country" SET STATISTICS 25,
  ALTER COLUMN "arrival_country" SET STATISTICS 25,
  ALTER COLUMN "taxable_jurisdiction" SET STATISTICS 25,
  ALTER COLUMN "currency" SET STATISTICS 25,
  ALTER COLUMN "vat_rate" SET STATISTICS 25,
  ALTER COLUMN "buyer_vat_number" SET STATISTICS 25,
  ALTER COLUMN "channel" SET STATISTICS 25,
  ALTER COLUMN "net_amount" SET STATISTICS 25,
  ALTER COLUMN "vat_amount" SET STATISTICS 25,
  ALTER COLUMN "gross_amount" SET STATISTICS 25,
  ALTER COLUMN "computed_vat_amount" SET STATISTICS 25,
  ALTER COLUMN "transaction_count" SET STATISTICS 25;
