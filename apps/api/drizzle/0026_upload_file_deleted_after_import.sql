-- An upload's file is deleted once its import completed (decision 037): it holds the buyers' names and addresses,
-- and nothing reads a completed upload's file again. storage_key is null from then on. The files of uploads completed
-- before this migration are deleted by the import worker when it starts (import-worker.ts).
ALTER TABLE "transaction_uploads" ALTER COLUMN "storage_key" DROP NOT NULL;