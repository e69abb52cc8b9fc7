ALTER TABLE "library_items" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "library_items" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', search_text)) STORED;--> statement-breakpoint
CREATE INDEX "library_items_search_idx" ON "library_items" USING gin ("search");--> statement-breakpoint
-- Items made before this migration: their name in lower case, punctuation as spaces (new writes use librarySearchText, which also spaces CJK characters).
UPDATE "library_items" SET "search_text" = trim(regexp_replace(lower("name"), '[[:space:][:punct:]]+', ' ', 'g'));
