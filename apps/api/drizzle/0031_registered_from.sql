-- A registration's first day as the tax office set it: the filing calendar plans no return or EC Sales List of the
-- country for a period that ended before it (decision 044). Null: every period of the calendar, as before.
ALTER TABLE "company_jurisdictions" ADD COLUMN "registered_from" date;