CREATE TABLE "column_mappings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_tax_schemes" (
	"company_id" uuid NOT NULL,
	"scheme" text NOT NULL,
	"member_state" char(2) NOT NULL,
	"effective_from" date NOT NULL,
	"identification_number" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_tax_schemes_company_id_scheme_pk" PRIMARY KEY("company_id","scheme")
);
--> statement-breakpoint
CREATE TABLE "data_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ec_sales_list_lines" (
	"company_id" uuid NOT NULL,
	"reporting_country" char(2) NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"customer_vat_number" text,
	"kind" text NOT NULL,
	"net_eur" numeric(18, 2) NOT NULL,
	"net_local" numeric(18, 2) NOT NULL,
	"currency" char(3) NOT NULL,
	"transaction_count" integer NOT NULL,
	"is_incomplete" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"currency" char(3) NOT NULL,
	"rate_date" date NOT NULL,
	"rate" numeric(18, 6) NOT NULL,
	CONSTRAINT "exchange_rates_currency_rate_date_pk" PRIMARY KEY("currency","rate_date")
);
--> statement-breakpoint
CREATE TABLE "filings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"jurisdiction" char(2) NOT NULL,
	"filing_type" text NOT NULL,
	"frequency" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"due_date" date NOT NULL,
	"currency" char(3) NOT NULL,
	"amount_eur" numeric(18, 2) NOT NULL,
	"amount_local" numeric(18, 2) NOT NULL,
	"filed_on" date,
	"filing_reference" text,
	"filed_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "liabilities" (
	"company_id" uuid NOT NULL,
	"jurisdiction" char(2) NOT NULL,
	"scheme" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"currency" char(3) NOT NULL,
	"net_eur" numeric(18, 2) NOT NULL,
	"vat_eur" numeric(18, 2) NOT NULL,
	"net_local" numeric(18, 2) NOT NULL,
	"vat_local" numeric(18, 2) NOT NULL,
	"zero_rated_net_eur" numeric(18, 2) NOT NULL,
	"zero_rated_net_local" numeric(18, 2) NOT NULL,
	"acquisition_net_eur" numeric(18, 2) NOT NULL,
	"acquisition_net_local" numeric(18, 2) NOT NULL,
	"transaction_count" integer NOT NULL,
	"is_incomplete" boolean NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "liabilities_company_id_jurisdiction_scheme_period_start_pk" PRIMARY KEY("company_id","jurisdiction","scheme","period_start")
);
--> statement-breakpoint
CREATE TABLE "oss_return_lines" (
	"company_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"consumption_country" char(2) NOT NULL,
	"dispatch_country" char(2) NOT NULL,
	"vat_rate" numeric(7, 6),
	"net_eur" numeric(18, 2) NOT NULL,
	"vat_eur" numeric(18, 2) NOT NULL,
	"transaction_count" integer NOT NULL,
	"is_incomplete" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oss_threshold_years" (
	"company_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"total_eur" numeric(18, 2) NOT NULL,
	"crossed_on" date,
	"exceeded_previous_year" boolean NOT NULL,
	"is_incomplete" boolean NOT NULL,
	CONSTRAINT "oss_threshold_years_company_id_year_pk" PRIMARY KEY("company_id","year")
);
--> statement-breakpoint
CREATE TABLE "tax_position_problems" (
	"company_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"problem" jsonb NOT NULL,
	CONSTRAINT "tax_position_problems_company_id_sequence_pk" PRIMARY KEY("company_id","sequence")
);
--> statement-breakpoint
CREATE TABLE "transaction_rate_days" (
	"company_id" uuid NOT NULL,
	"jurisdiction" char(2) NOT NULL,
	"rate_date" date NOT NULL,
	"vat_rate" numeric(7, 6) NOT NULL,
	CONSTRAINT "transaction_rate_days_company_id_jurisdiction_rate_date_vat_rate_pk" PRIMARY KEY("company_id","jurisdiction","rate_date","vat_rate")
);
--> statement-breakpoint
CREATE TABLE "transaction_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"data_period_id" uuid,
	"source_format" text NOT NULL,
	"column_mapping" jsonb,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" char(64) NOT NULL,
	"size_bytes" numeric(15, 0) NOT NULL,
	"status" text NOT NULL,
	"bytes_processed" numeric(15, 0) DEFAULT '0' NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"rows_imported" integer DEFAULT 0 NOT NULL,
	"rows_duplicate" integer DEFAULT 0 NOT NULL,
	"problem_count" integer DEFAULT 0 NOT NULL,
	"error_code" text,
	"error_message" text,
	"cancel_requested_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_by" text,
	"heartbeat_at" timestamp with time zone,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "transaction_uploads_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"upload_id" uuid NOT NULL,
	"source" text NOT NULL,
	"line_number" integer NOT NULL,
	"transaction_type" text NOT NULL,
	"event_id" text NOT NULL,
	"activity_id" text NOT NULL,
	"tax_point_date" date NOT NULL,
	"complete_date" date NOT NULL,
	"marketplace" text,
	"sales_channel" text,
	"departure_country" char(2),
	"arrival_country" char(2),
	"taxable_jurisdiction" char(2),
	"currency" char(3),
	"net_amount" numeric(18, 2) NOT NULL,
	"vat_amount" numeric(18, 2) NOT NULL,
	"gross_amount" numeric(18, 2) NOT NULL,
	"vat_rate" numeric(7, 6),
	"computed_vat_amount" numeric(18, 2) NOT NULL,
	"buyer_vat_number" text,
	"seller_vat_number" text,
	"is_export" boolean NOT NULL,
	"tax_reporting_scheme" text,
	"tax_collection_responsibility" text,
	"quantity" integer NOT NULL,
	"sku" text,
	"treatment" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_problems" (
	"upload_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"line_number" integer NOT NULL,
	"column_name" text,
	"code" text NOT NULL,
	"message" text NOT NULL,
	CONSTRAINT "upload_problems_upload_id_sequence_pk" PRIMARY KEY("upload_id","sequence")
);
--> statement-breakpoint
ALTER TABLE "column_mappings" ADD CONSTRAINT "column_mappings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_tax_schemes" ADD CONSTRAINT "company_tax_schemes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_periods" ADD CONSTRAINT "data_periods_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ec_sales_list_lines" ADD CONSTRAINT "ec_sales_list_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filings" ADD CONSTRAINT "filings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filings" ADD CONSTRAINT "filings_filed_by_users_id_fk" FOREIGN KEY ("filed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liabilities" ADD CONSTRAINT "liabilities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oss_return_lines" ADD CONSTRAINT "oss_return_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oss_threshold_years" ADD CONSTRAINT "oss_threshold_years_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_position_problems" ADD CONSTRAINT "tax_position_problems_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_rate_days" ADD CONSTRAINT "transaction_rate_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_uploads" ADD CONSTRAINT "transaction_uploads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_uploads" ADD CONSTRAINT "transaction_uploads_data_period_id_data_periods_id_fk" FOREIGN KEY ("data_period_id") REFERENCES "public"."data_periods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_uploads" ADD CONSTRAINT "transaction_uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_problems" ADD CONSTRAINT "upload_problems_upload_id_transaction_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."transaction_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "column_mappings_company_name_idx" ON "column_mappings" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "data_periods_company_start_idx" ON "data_periods" USING btree ("company_id","start_date");--> statement-breakpoint
CREATE INDEX "ec_sales_list_lines_company_period_idx" ON "ec_sales_list_lines" USING btree ("company_id","period_start");--> statement-breakpoint
CREATE INDEX "exchange_rates_date_idx" ON "exchange_rates" USING btree ("rate_date");--> statement-breakpoint
CREATE UNIQUE INDEX "filings_identity_idx" ON "filings" USING btree ("company_id","jurisdiction","filing_type","period_start");--> statement-breakpoint
CREATE INDEX "filings_company_due_idx" ON "filings" USING btree ("company_id","due_date");--> statement-breakpoint
CREATE INDEX "oss_return_lines_company_period_idx" ON "oss_return_lines" USING btree ("company_id","period_start");--> statement-breakpoint
CREATE INDEX "transaction_uploads_company_idx" ON "transaction_uploads" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "transaction_uploads_status_idx" ON "transaction_uploads" USING btree ("status");--> statement-breakpoint
CREATE INDEX "transaction_uploads_company_sha_idx" ON "transaction_uploads" USING btree ("company_id","sha256");--> statement-breakpoint
CREATE INDEX "transactions_company_date_idx" ON "transactions" USING btree ("company_id","tax_point_date","id");--> statement-breakpoint
CREATE INDEX "transactions_company_jurisdiction_date_idx" ON "transactions" USING btree ("company_id","taxable_jurisdiction","tax_point_date","id");--> statement-breakpoint
CREATE INDEX "transactions_upload_idx" ON "transactions" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "transactions_vat_difference_idx" ON "transactions" USING btree ("company_id","tax_point_date","id") WHERE "transactions"."vat_rate" is not null and "transactions"."vat_amount" <> "transactions"."computed_vat_amount";