-- The day a filing's VAT was paid, where its payment is due apart from it (decision 051): Croatia's and Portugal's
-- periodic returns, Italy's annual balance. Null: not marked paid.
ALTER TABLE "filings" ADD COLUMN "paid_on" date;