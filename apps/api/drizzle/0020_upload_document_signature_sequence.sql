-- Uploads, documents and power-of-attorney signatures are listed newest first, and the import worker claims the oldest
-- queued upload first; rows of the same time were taken in the order of their random ids. `now()` is a transaction's
-- start and PGlite's clock counts milliseconds, so rows written in one transaction or one millisecond tied: a country
-- whose powers of attorney were all revoked could show an earlier signature than its last as the one revoked. Stored
-- rows are numbered in the table's order, as the audit log's events (0017) and the client errors (0019) are; the times
-- still come first.
ALTER TABLE "documents" ADD COLUMN "sequence" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "documents_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "power_of_attorney_signatures" ADD COLUMN "sequence" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "power_of_attorney_signatures_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "transaction_uploads" ADD COLUMN "sequence" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "transaction_uploads_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);