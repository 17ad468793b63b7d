-- The stagger of quarterly VAT returns the tax office assigned (the UK's 1, 2 or 3): its quarters begin 0, 1 or 2
-- months after the calendar quarters (decision 047). Null: calendar quarters.
ALTER TABLE "company_jurisdictions" ADD COLUMN "vat_stagger" smallint;