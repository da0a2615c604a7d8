import { customType } from 'drizzle-orm/pg-core';

/**
 * A name people sort by (a person's, a unit's, a module's…): text in ICU's root collation, which
 * both PostgreSQL and PGlite carry, so lists sort as the readers of fr, de and it expect
 * ("apple, école, üK 187, UX test, Zebra") instead of by byte ("UX test, Zebra, apple, école,
 * üK 187"). Equality stays exact (the collation is deterministic) and the indexes on these
 * columns keep serving the sorted lists.
 */
export const sortableText = customType<{ data: string }>({
  dataType: () => 'text COLLATE "und-x-icu"',
});
