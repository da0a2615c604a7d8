-- names sort in ICU's root collation (server/db/schema/sortable-text.ts); the search column is
-- computed from the names, so it is dropped and computed again around the change
DROP INDEX "profiles_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "first_name" SET DATA TYPE text COLLATE "und-x-icu";--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "last_name" SET DATA TYPE text COLLATE "und-x-icu";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(translate(first_name || ' ' || last_name || ' ' || coalesce(email, ''), 'àáâäãåāăąçćčďèéêëēėęěìíîïīįłľĺñńňòóôöõőøōŕřśšşťùúûüůűūýÿźżžÀÁÂÄÃÅĀĂĄÇĆČĎÈÉÊËĒĖĘĚÌÍÎÏĪĮŁĽĹÑŃŇÒÓÔÖÕŐØŌŔŘŚŠŞŤÙÚÛÜŮŰŪÝŸŹŻŽ', 'aaaaaaaaacccdeeeeeeeeiiiiiilllnnnoooooooorrssstuuuuuuuyyzzzAAAAAAAAACCCDEEEEEEEEIIIIIILLLNNNOOOOOOOORRSSSTUUUUUUUYYZZZ'))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "profiles_search_trgm_idx" ON "profiles" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "units" ALTER COLUMN "name" SET DATA TYPE text COLLATE "und-x-icu";--> statement-breakpoint
ALTER TABLE "assessment_groups" ALTER COLUMN "name" SET DATA TYPE text COLLATE "und-x-icu";--> statement-breakpoint
ALTER TABLE "cohorts" ALTER COLUMN "name" SET DATA TYPE text COLLATE "und-x-icu";--> statement-breakpoint
ALTER TABLE "module_templates" ALTER COLUMN "template_name" SET DATA TYPE text COLLATE "und-x-icu";--> statement-breakpoint
ALTER TABLE "modules" ALTER COLUMN "name" SET DATA TYPE text COLLATE "und-x-icu";
