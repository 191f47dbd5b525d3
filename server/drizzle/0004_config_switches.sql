ALTER TABLE "background_images" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "clue_form" boolean DEFAULT true NOT NULL;