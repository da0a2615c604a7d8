/**
 * '{object} - {page title} - {product}': the object the page shows first (a module's name, a
 * student's), then the kind of page, then the product; parts that are missing or repeat the
 * product are left out.
 */
export function pageTitle(
  title: string | null | undefined,
  product: string,
  object?: string | null,
): string {
  const parts = [object, title]
    .map((part) => part?.trim())
    .filter((part): part is string => Boolean(part) && part !== product);
  return [...parts, product].join(' - ');
}
