ALTER TABLE "ec_sales_list_lines" DROP CONSTRAINT "ec_sales_list_lines_company_id_companies_id_fk";
