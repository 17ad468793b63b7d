-- The EC Sales List's net values per reporting country, month and currency (decision 036): the filings read these
-- instead of summing the lines, a line per business customer and month over every year. Written by the recompute with
-- the lines from now on; the lines stored so far are summed here.
CREATE TABLE "ec_sales_list_totals" (
	"company_id" uuid NOT NULL,
	"reporting_country" char(2) NOT NULL,
	"period_start" date NOT NULL,
	"currency" char(3) NOT NULL,
	"net_eur" numeric(18, 2) NOT NULL,
	"net_local" numeric(18, 2) NOT NULL,
	CONSTRAINT "ec_sales_list_totals_company_id_reporting_country_period_start_currency_pk" PRIMARY KEY("company_id","reporting_country","period_start","currency")
);
--> statement-breakpoint
ALTER TABLE "ec_sales_list_totals" ADD CONSTRAINT "ec_sales_list_totals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "ec_sales_list_totals" ("company_id", "reporting_country", "period_start", "currency", "net_eur", "net_local")
SELECT "company_id", "reporting_country", "period_start", "currency", sum("net_eur"), sum("net_local")
FROM "ec_sales_list_lines"
WHERE "company_id" IN (SELECT "id" FROM "companies")
GROUP BY 1, 2, 3, 4;
