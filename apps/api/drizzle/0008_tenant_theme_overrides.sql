ALTER TABLE "tenants" ADD COLUMN "theme_overrides" jsonb;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "theme_updated_at" timestamp with time zone;