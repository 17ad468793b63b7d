-- Transactions kept once by company, an id that begins with the row's date, and the jurisdiction (decision 057): one
-- B-tree for the rule that nothing counts twice and for the list's keyset, where there were two (the ids as the
-- primary key, and company, date, id, jurisdiction). The rows stored before get the ids the import now gives
-- (transaction-upload/transaction-identity.ts): three bytes of days from 1900-01-01 to the tax point date, then the
-- first 13 bytes of the SHA-256 of company, source, event id, activity id, type and SKU, with the version 8 nibble in
-- byte 6 and the variant in byte 8.
DROP INDEX "transactions_company_date_idx";--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_pkey";--> statement-breakpoint
UPDATE "transactions" SET "id" = (
  SELECT encode(set_byte(set_byte(bytes, 6, (get_byte(bytes, 6) & 15) | 128), 8, (get_byte(bytes, 8) & 63) | 128), 'hex')::uuid
  FROM (
    SELECT substring(int4send("tax_point_date" - date '1900-01-01') from 2 for 3)
      || substring(sha256(convert_to(concat_ws(chr(31), "company_id"::text, "source", "event_id", "activity_id",
        "transaction_type", coalesce("sku", '')), 'UTF8')) from 1 for 13) AS bytes
  ) AS id_bytes
);--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_identity_key" UNIQUE NULLS NOT DISTINCT("company_id","id","taxable_jurisdiction");
