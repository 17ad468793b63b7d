ALTER TABLE "company_jurisdictions" ADD COLUMN "filing_frequency_from" date;--> statement-breakpoint
ALTER TABLE "company_jurisdictions" ADD COLUMN "previous_filing_frequency" text;