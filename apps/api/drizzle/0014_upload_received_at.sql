-- An import may start while its file arrives (decision 023): the upload exists before its sha256 is known, and
-- received_at stays null until the whole file is stored. Every upload stored before this was received when created.
ALTER TABLE "transaction_uploads" ALTER COLUMN "sha256" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "transaction_uploads" ADD COLUMN "received_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
UPDATE "transaction_uploads" SET "received_at" = "created_at";
