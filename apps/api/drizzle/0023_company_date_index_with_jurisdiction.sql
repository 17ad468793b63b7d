-- The list's jurisdiction filter is checked on the entries of the date index, which takes the jurisdiction as a
-- fourth column, instead of through an index of its own: that index's entry per row cost the backend's COPY of 1M rows
-- 2.0-2.5 CPU-s (three rounds) and a PGlite import 3-5.5 s (decision 032).
DROP INDEX "transactions_company_jurisdiction_date_idx";--> statement-breakpoint
DROP INDEX "transactions_company_date_idx";--> statement-breakpoint
CREATE INDEX "transactions_company_date_idx" ON "transactions" USING btree ("company_id","tax_point_date","id","taxable_jurisdiction");