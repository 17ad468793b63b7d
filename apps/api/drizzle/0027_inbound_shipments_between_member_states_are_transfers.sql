-- Amazon's INBOUND rows are the seller's own shipments into a fulfilment centre. From one member state into another
-- such a shipment is a transfer of own goods (Art. 17 and 21 of the VAT Directive), as an FC_TRANSFER is: a zero-rated
-- supply listed on the EC Sales List of the departure country, and an intra-Community acquisition in the arrival
-- country. The importer took every INBOUND row for stock arriving, with nothing to declare; the rows and day sums of
-- such shipments stored so far are classified again here. The companies that have any are asked for a recompute of
-- every year (recompute_requested_at), which the import worker runs when it starts.
ALTER TABLE "tax_position_profiles" ADD COLUMN "recompute_requested_at" timestamp with time zone;--> statement-breakpoint
UPDATE "tax_position_profiles" SET "recompute_requested_at" = now()
WHERE "company_id" IN (
  SELECT "company_id" FROM "transaction_day_sums"
  WHERE "treatment" = 'inbound-movement' AND "departure_country" <> "arrival_country"
    AND "departure_country" IN ('AT','BE','BG','HR','CY','CZ','DK','EE','FI','FR','DE','GR','HU','IE','IT','LV','LT','LU','MT','NL','PL','PT','RO','SK','SI','ES','SE','XI')
    AND "arrival_country" IN ('AT','BE','BG','HR','CY','CZ','DK','EE','FI','FR','DE','GR','HU','IE','IT','LV','LT','LU','MT','NL','PL','PT','RO','SK','SI','ES','SE','XI')
);--> statement-breakpoint
UPDATE "transaction_day_sums" SET "treatment" = 'own-goods-transfer'
WHERE "treatment" = 'inbound-movement' AND "departure_country" <> "arrival_country"
  AND "departure_country" IN ('AT','BE','BG','HR','CY','CZ','DK','EE','FI','FR','DE','GR','HU','IE','IT','LV','LT','LU','MT','NL','PL','PT','RO','SK','SI','ES','SE','XI')
  AND "arrival_country" IN ('AT','BE','BG','HR','CY','CZ','DK','EE','FI','FR','DE','GR','HU','IE','IT','LV','LT','LU','MT','NL','PL','PT','RO','SK','SI','ES','SE','XI');--> statement-breakpoint
UPDATE "transactions" SET "treatment" = 'own-goods-transfer'
WHERE "treatment" = 'inbound-movement' AND "departure_country" <> "arrival_country"
  AND "departure_country" IN ('AT','BE','BG','HR','CY','CZ','DK','EE','FI','FR','DE','GR','HU','IE','IT','LV','LT','LU','MT','NL','PL','PT','RO','SK','SI','ES','SE','XI')
  AND "arrival_country" IN ('AT','BE','BG','HR','CY','CZ','DK','EE','FI','FR','DE','GR','HU','IE','IT','LV','LT','LU','MT','NL','PL','PT','RO','SK','SI','ES','SE','XI');
