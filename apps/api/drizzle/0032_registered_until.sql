-- The last day of a registration that ended (deregistration): the filing calendar plans no return or EC Sales List
-- of the country for a period that began after it (decision 044). Null: it has not ended.
ALTER TABLE "company_jurisdictions" ADD COLUMN "registered_until" date;