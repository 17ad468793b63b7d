-- Problems stored before this column keep a null year: the company's next recompute runs over every year and
-- replaces them (a problem without a date, an unsupported jurisdiction, cannot be placed in a year here).
ALTER TABLE "tax_position_problems" ADD COLUMN "year" integer;
