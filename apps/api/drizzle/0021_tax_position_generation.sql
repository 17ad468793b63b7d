-- An import's completion computes the tax position before the transaction that stores it, so that the transaction
-- (on PGlite: the server's one connection) is held for the writes only. The position is stored as computed only when
-- no other recompute committed in between: each one counts itself here. A position stored before this column counts 0.
ALTER TABLE "tax_position_profiles" ADD COLUMN "generation" bigint DEFAULT 0 NOT NULL;