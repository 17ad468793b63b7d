-- Empty at first: every company's next recompute runs over every year and stores the profile it used.
CREATE TABLE "tax_position_profiles" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"profile" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tax_position_profiles" ADD CONSTRAINT "tax_position_profiles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;