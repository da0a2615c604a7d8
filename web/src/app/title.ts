/** '{page title} - {product}', or just '{product}' without a title or when it is the product. */
export function pageTitle(title: string | null | undefined, product: string): string {
  const trimmed = title?.trim();
  if (!trimmed || trimmed === product) return product;
  return `${trimmed} - ${product}`;
}
