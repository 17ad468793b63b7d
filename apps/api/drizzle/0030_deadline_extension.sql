-- A registration records whether the tax office granted the country's extension of the VAT return's deadline
-- (Germany's Dauerfristverlängerung): the filing calendar then plans its returns a month later (decision 043).
ALTER TABLE "company_jurisdictions" ADD COLUMN "has_deadline_extension" boolean DEFAULT false NOT NULL;