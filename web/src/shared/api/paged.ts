/** One page of a list, as every list of the API answers it (domain/schemas/page.ts). */
export interface Paged<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}
