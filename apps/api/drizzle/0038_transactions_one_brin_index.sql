-- One BRIN index of transactions where there were four (decision 062): the upload ids' minimum and maximum per range
-- (an upload's deletes) and the bloom filters of the event ids, the activity ids and the SKUs (the search, decision
-- 054). PostgreSQL 15 looks a row's range up in each BRIN index as a COPY inserts it (the index's first page, then its
-- range map): with four, 13% of the backend's COPY of a million rows.
CREATE INDEX "transactions_upload_search_idx" ON "transactions" USING brin ("upload_id","event_id" text_bloom_ops,"activity_id" text_bloom_ops,"sku" text_bloom_ops) WITH (pages_per_range=32);--> statement-breakpoint
DROP INDEX "transactions_upload_idx";--> statement-breakpoint
DROP INDEX "transactions_event_id_bloom_idx";--> statement-breakpoint
DROP INDEX "transactions_activity_id_bloom_idx";--> statement-breakpoint
DROP INDEX "transactions_sku_bloom_idx";