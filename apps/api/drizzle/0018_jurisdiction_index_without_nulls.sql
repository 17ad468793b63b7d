-- The jurisdiction index holds only rows with a taxable jurisdiction, the only rows the list's jurisdiction filter can
-- find. The rest (stock movements, exports: 17 % of the synthetic report) cost every import an entry each for nothing:
-- at 1M rows the backend's COPY of the import's rows took 0.1-0.7 s less (five alternating runs), and the benchmark's
-- import 0-1.5 s less (four alternating rounds, median 15.05 -> 14.4 s).
DROP INDEX "transactions_company_jurisdiction_date_idx";--> statement-breakpoint
CREATE INDEX "transactions_company_jurisdiction_date_idx" ON "transactions" USING btree ("company_id","taxable_jurisdiction","tax_point_date","id") WHERE "transactions"."taxable_jurisdiction" is not null;