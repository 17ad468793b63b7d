-- Decision 039: a taxable sale owes the VAT of the country that taxes it, computed from the price where the file charged
-- another country's VAT or none. The positions stored so far took the VAT as the file charged it. Every company with
-- taxable sales stored is asked for a recompute of every year (recompute_requested_at, decision 038), which the import
-- worker runs.
UPDATE "tax_position_profiles" SET "recompute_requested_at" = now()
WHERE "company_id" IN (
  SELECT "company_id" FROM "transaction_day_sums"
  WHERE "treatment" IN ('domestic-sale', 'donation', 'intra-eu-distance-sale', 'import', 'import-ioss')
);
