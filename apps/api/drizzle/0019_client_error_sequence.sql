-- The admin's client error log lists errors newest first; errors received at the same time were listed in the order
-- of their random ids. PGlite's clock counts milliseconds, so errors received in one millisecond tied (a test of the
-- log failed on it). Stored errors are numbered in the table's order, as the audit log's events are (0017).
ALTER TABLE "client_errors" ADD COLUMN "sequence" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "client_errors_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);