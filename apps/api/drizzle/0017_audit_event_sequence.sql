-- The audit log lists events newest first; events of the same time were listed in the order of their random ids.
-- PGlite's clock counts milliseconds, so events recorded in one millisecond tied. Stored events are numbered in the
-- table's order, which is the order they were written in unless rows were moved.
ALTER TABLE "audit_events" ADD COLUMN "sequence" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);