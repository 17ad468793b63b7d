-- The search's bloom filters (decision 054): per 32 pages of transactions, one of the event ids, one of the activity
-- ids and one of the SKUs, so that a search for a whole id reads the summaries and the few pages whose filter may hold
-- it. The pages an import appends are summarised after it (summarizeTransactionIndexes).
CREATE INDEX "transactions_event_id_bloom_idx" ON "transactions" USING brin ("event_id" text_bloom_ops) WITH (pages_per_range=32);--> statement-breakpoint
CREATE INDEX "transactions_activity_id_bloom_idx" ON "transactions" USING brin ("activity_id" text_bloom_ops) WITH (pages_per_range=32);--> statement-breakpoint
CREATE INDEX "transactions_sku_bloom_idx" ON "transactions" USING brin ("sku" text_bloom_ops) WITH (pages_per_range=32);